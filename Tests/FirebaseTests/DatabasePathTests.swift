import Testing

@testable import Firebase

@Suite struct DatabasePathTests {
    @Test func slashes_are_collapsed_and_the_root_prints_as_a_slash() throws {
        #expect(try DatabasePath("/a//b/").segments == ["a", "b"])
        #expect(try DatabasePath("").isRoot)
        #expect(DatabasePath.root.description == "/")
        #expect(try DatabasePath("a/b").description == "/a/b")
    }

    @Test(arguments: [".", "..", "a.b", "$x", "#", "[", "]", "ctl\u{1F}", "del\u{7F}", ".info", ".priority"])
    func a_bad_segment_is_refused_with_firebases_path_error(segment: String) {
        let error = caught { () throws(DatabaseError) in _ = try DatabasePath("users/\(segment)/x") }
        #expect(error?.code == .invalidPath)
        #expect(error?.message.hasPrefix("Invalid path: Invalid token in path") == true)
    }

    @Test func the_error_names_the_offending_character() {
        let error = caught { () throws(DatabaseError) in _ = try DatabasePath("a/b.c") }
        #expect(error?.message.contains("\".\"") == true)
        let control = caught { () throws(DatabaseError) in _ = try DatabasePath("a/b\u{01}") }
        #expect(control?.message.contains("U+0001") == true)
    }

    @Test func depth_32_is_the_limit() throws {
        let ok = Array(repeating: "k", count: 32).joined(separator: "/")
        _ = try DatabasePath(ok)
        let error = caught { () throws(DatabaseError) in _ = try DatabasePath(ok + "/k") }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("maximum depth") == true)
    }

    @Test func keys_up_to_768_utf8_bytes() throws {
        _ = try DatabasePath(String(repeating: "a", count: 768))
        let error = caught { () throws(DatabaseError) in _ = try DatabasePath(String(repeating: "a", count: 769)) }
        #expect(error?.code == .limitExceeded)
    }

    @Test func percent_escapes_decode_per_segment_so_an_escaped_slash_is_refused() throws {
        #expect(try DatabasePath(percentEncoded: "/users/ada%20l/x").segments == ["users", "ada l", "x"])
        #expect(throws: DatabaseError.self) { try DatabasePath(percentEncoded: "/a%2Fb") }
        #expect(throws: DatabaseError.self) { try DatabasePath(percentEncoded: "/a/%2E%2E") }
        #expect(throws: DatabaseError.self) { try DatabasePath(percentEncoded: "/a/%zz") }
    }

    @Test func priority_is_allowed_only_as_the_last_key_when_asked() throws {
        #expect(try DatabasePath("a/.priority", allowingPriority: true).isPriority)
        #expect(throws: DatabaseError.self) { try DatabasePath("a/.priority/b", allowingPriority: true) }
        #expect(throws: DatabaseError.self) { try DatabasePath("a/.priority") }
    }

    @Test func info_is_allowed_only_first_and_only_when_asked() throws {
        #expect(try DatabasePath(".info/serverTimeOffset", allowingInfo: true).isInfo)
        #expect(throws: DatabaseError.self) { try DatabasePath("a/.info", allowingInfo: true) }
        #expect(throws: DatabaseError.self) { try DatabasePath(".info/connected") }
    }

    @Test func containment_and_relative_paths() throws {
        let a = try DatabasePath("a")
        let abc = try DatabasePath("a/b/c")
        #expect(a.contains(abc))
        #expect(!abc.contains(a))
        #expect(a.relative(abc) == (try DatabasePath("b/c")))
        #expect(DatabasePath.root.contains(a))
    }
}
