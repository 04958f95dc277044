import Testing

@testable import Firebase

@Suite struct RulesRegexTests {
    func regex(_ pattern: String, _ flags: String = "") throws -> RulesRegex {
        try RulesRegex(pattern, flags: flags)
    }

    @Test func documented_examples_behave_as_the_firebase_docs_say() throws {
        #expect(try regex("a").search("ba"))
        #expect(try !regex("^a").search("ba"))
        #expect(try regex("a").search("ab"))
        #expect(try !regex("a$").search("ab"))
        #expect(try regex("^a*$").search(""))
        #expect(try regex("^a*$").search("aaa"))
        #expect(try !regex("^a*$").search("b"))
        #expect(try regex("^a+$").search("aaa"))
        #expect(try !regex("^a+$").search(""))
        #expect(try regex("^a?$").search("a"))
        #expect(try !regex("^a?$").search("aa"))
        #expect(try regex("........").search("Firebase"))
        #expect(try regex("^(ab)*$").search("abab"))
        #expect(try regex("a|bc").search("ac"))
        #expect(try regex("[ABCDEF]").search("xBx"))
        #expect(try !regex("^[ABCDEF]$").search("a"))
        #expect(try regex("^[0-9A-F]+$").search("DEADBEEF09"))
        #expect(try !regex("^[^0-9]+$").search("abc1"))
        #expect(try regex("^yes$", "i").search("YeS"))
    }

    @Test func classes_escapes_and_counted_repetition() throws {
        #expect(try regex(#"^\d{4}-\d{2}-\d{2}$"#).search("2024-01-31"))
        #expect(try !regex(#"^\d{4}$"#).search("123"))
        #expect(try regex(#"^\w+\s\W$"#).search("abc_1 !"))
        #expect(try regex(#"^a{2,}$"#).search("aaaa"))
        #expect(try !regex(#"^a{2,3}$"#).search("aaaa"))
        #expect(try regex(#"^\.\*$"#).search(".*"))
        #expect(try regex(#"^[a\-z]+$"#).search("a-z"))
    }

    @Test func the_documented_email_and_date_rules_work() throws {
        let email = try regex(#"^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$"#, "i")
        #expect(email.search("ada@example.com"))
        #expect(!email.search("ada@example"))
        let date = try regex(#"^(19|20)[0-9][0-9][-\/. ](0[1-9]|1[012])[-\/. ](0[1-9]|[12][0-9]|3[01])$"#)
        #expect(date.search("2024-02-29"))
        #expect(!date.search("2124-02-29"))
    }

    @Test(arguments: ["a^b", "a$b", "(ab", "ab)", "[ab", "*a", "a{3,1}", #"\b"#, "a{5000}"])
    func unsupported_or_broken_patterns_are_refused(pattern: String) {
        #expect(throws: RulesRegex.SyntaxError.self) { try RulesRegex(pattern) }
    }

    @Test func only_the_i_flag_is_accepted() {
        #expect(throws: RulesRegex.SyntaxError.self) { try RulesRegex("a", flags: "g") }
    }

    @Test func pathological_patterns_match_in_linear_time_without_backtracking() throws {
        // (a*)*b against a long run of a's would take exponential time in a backtracking engine.
        let hostile = try regex("^(a*)*b$")
        #expect(!hostile.search(String(repeating: "a", count: 5000)))
        #expect(hostile.search(String(repeating: "a", count: 5000) + "b"))
    }

    @Test func whole_string_matching_for_storage_rules() throws {
        let pattern = try regex("image/.*")
        #expect(pattern.matchesWhole("image/png"))
        #expect(!pattern.matchesWhole("text/image/png"))
        #expect(!pattern.matchesWhole("application/json"))
    }

    @Test func programs_are_bounded() {
        #expect(throws: RulesRegex.SyntaxError.self) { try RulesRegex("((a{1000}){1000})") }
    }
}
