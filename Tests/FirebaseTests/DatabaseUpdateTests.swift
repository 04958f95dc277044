import Testing

@testable import Firebase

@Suite struct DatabaseUpdateTests {
    func update(_ json: String, at location: String = "") throws(DatabaseError) -> DatabaseUpdate {
        try DatabaseUpdate.parse(Array(json.utf8), at: path(location))
    }

    @Test func multi_location_keys_replace_only_their_paths() throws {
        // setup
        let root = try node(#"{"users":{"ada":{"first":"Ada","last":"L","age":36},"bob":{"first":"Bob"}}}"#)
        // act
        let result = try update(#"{"ada/last":"Lovelace","bob":{"x":1},"ada/age":null}"#, at: "users")
            .applied(to: root, at: path("users"), now: 0)
        // assert
        #expect(text(result) == #"{"users":{"ada":{"first":"Ada","last":"Lovelace"},"bob":{"x":1}}}"#)
    }

    @Test func deleting_everything_through_an_update_prunes_parents() throws {
        let root = try node(#"{"a":{"b":1},"c":2}"#)
        let result = try update(#"{"a/b":null,"c":null}"#).applied(to: root, at: .root, now: 0)
        #expect(result.isNull)
    }

    @Test(arguments: [
        (#"{"a":1,"a/b":2}"#, "/a", "/a/b"),
        (#"{"x/y/z":1,"x/y":2}"#, "/x/y", "/x/y/z"),
        (#"{"p":1,"p/.priority":2}"#, "/p", "/p/.priority"),
    ])
    func overlapping_paths_are_refused(json: String, ancestor: String, descendant: String) {
        let error = caught { () throws(DatabaseError) in _ = try update(json) }
        #expect(error?.code == .overlappingUpdate)
        #expect(error?.message.contains("path \(ancestor) that is ancestor of another path \(descendant)") == true)
    }

    @Test func siblings_with_a_common_prefix_are_not_overlapping() throws {
        let result = try update(#"{"ab":1,"a/b":2}"#).applied(to: .null, at: .root, now: 0)
        #expect(text(result) == #"{"a":{"b":2},"ab":1}"#)
    }

    @Test func bad_keys_and_non_objects_are_refused() {
        #expect(
            caught { () throws(DatabaseError) in _ = try update("[1]") }?.message
                == "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?")
        #expect(caught { () throws(DatabaseError) in _ = try update(#"{"a.b":1}"#) }?.code == .invalidData)
        #expect(caught { () throws(DatabaseError) in _ = try update(#"{"":1}"#) }?.code == .invalidData)
        #expect(caught { () throws(DatabaseError) in _ = try update(#"{"a":{"b.c":1}}"#) }?.code == .invalidData)
    }

    @Test func update_paths_count_toward_depth() {
        let deep = Array(repeating: "k", count: 31).joined(separator: "/")
        let error = caught { () throws(DatabaseError) in _ = try update(#"{"\#(deep)":{"x":1}}"#, at: "a") }
        #expect(error?.code == .limitExceeded)
    }

    @Test func server_values_in_an_update_resolve_against_the_data_before_it() throws {
        let root = try node(#"{"posts":{"p1":{"likes":7}}}"#)
        let result = try update(#"{"p1/likes":{".sv":{"increment":1}},"p1/at":{".sv":"timestamp"}}"#, at: "posts")
            .applied(to: root, at: path("posts"), now: 1234)
        #expect(text(result) == #"{"posts":{"p1":{"at":1234,"likes":8}}}"#)
    }

    @Test func a_priority_key_sets_the_priority() throws {
        let root = try node(#"{"a":"x"}"#)
        let result = try update(#"{"a/.priority":5}"#).applied(to: root, at: .root, now: 0)
        #expect(result.node(at: path("a")) == .string("x", priority: .number(5)))
    }

    @Test func resolved_writes_list_absolute_paths_for_the_store_and_the_event_fan_out() throws {
        let writes = try update(#"{"b/c":{".sv":{"increment":2}},"d":true}"#, at: "a")
            .resolvedWrites(at: path("a"), now: 0) { $0 == path("a/b/c") ? .number(1) : .null }
        #expect(writes.map(\.path) == [path("a/b/c"), path("a/d")])
        #expect(writes.map(\.node) == [.number(3), .bool(true)])
    }
}
