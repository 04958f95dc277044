import Testing

@testable import Firebase

@Suite struct DatabaseRulesParseTests {
    func error(_ source: String) -> RulesError? {
        caught { () throws(RulesError) in _ = try DatabaseRules(source: source) }
    }

    @Test func the_default_rules_compile() {
        #expect(DatabaseRules.default.indexOn(at: .root).isEmpty)
    }

    @Test func comments_are_allowed_as_the_firebase_cli_allows_them() throws {
        _ = try DatabaseRules(
            source: """
                {
                  // who may read
                  "rules": {
                    /* everyone */ ".read": true
                  }
                }
                """)
    }

    @Test func an_unknown_variable_is_refused_with_line_rule_path_and_column() throws {
        // setup
        let source = """
            {
              "rules": {
                "users": {
                  "$uid": {
                    ".read": "auth != null && auth.uid === $userId"
                  }
                }
              }
            }
            """
        // act
        let error = error(source)
        // assert
        #expect(error?.line == 5)
        #expect(error?.rulePath == "/rules/users/$uid/.read")
        #expect(error?.column == 30)
        #expect(error?.reason == "Unknown variable '$userId'.")
        #expect(error?.description == "Line 5 (/rules/users/$uid/.read, column 30): Unknown variable '$userId'.")
    }

    @Test func new_data_is_unknown_in_a_read_rule() {
        #expect(error(#"{"rules":{".read":"newData.exists()"}}"#)?.reason == "Unknown variable 'newData'.")
        #expect(error(#"{"rules":{".write":"newData.exists()"}}"#) == nil)
    }

    @Test(arguments: [
        (#"data.foo()"#, "No such method/property 'foo'."),
        (#"data.val"#, "No such method/property 'val'."),
        (#"data.child()"#, "Wrong number of arguments to 'child': 0."),
        (#"data.child('a').exists(1)"#, "Wrong number of arguments to 'exists': 1."),
        (#"data.val().matches('x')"#, "Type error: matches() takes a regular expression literal."),
        (#"data.hasChildren('a')"#, "Type error: hasChildren() takes a list of child names."),
        (#"'a'.size()"#, "No such method/property 'size'."),
        (#"1 + true == 2"#, "Type error: + only operates on numbers and strings."),
        (#"!'x'"#, "Type error: ! expects a boolean."),
        (#"'a' < 1"#, "Type error: < compares two numbers or two strings."),
        (#"data == null"#, "Type error: a snapshot can't be compared; call val() on it."),
        (#"'yes'"#, "Expression does not evaluate to a boolean."),
        (#"auth = null"#, "Unexpected character '='"),
        (#"auth != null &&"#, "Unexpected end of expression"),
        (#"(auth != null"#, "Expected ')' but found end of expression"),
        (
            #"data.val().matches(/a^b/)"#,
            "Invalid regular expression: '^' is only supported as the first character of the pattern"
        ),
        (#"now.foo"#, "No such method/property 'foo'."),
        (#"'unterminated"#, "Unterminated string"),
    ])
    func expression_errors_name_their_reason(expression: String, reason: String) {
        let source = JSONValue.object(["rules": .object([".write": .string(expression)])]).serializedString()
        #expect(error(source)?.reason == reason, "\(expression)")
    }

    @Test func document_errors_are_refused() {
        #expect(error("{\"rules\": {\".read\": 1}}")?.reason == "A rule must be a string expression or a boolean.")
        #expect(error("{\"rules\": {\".foo\": true}}")?.reason == "Invalid rule key '.foo'.")
        #expect(error("{\"rules\": {\"$a\": {}, \"$b\": {}}}")?.reason == "Only one $ wildcard is allowed at a level.")
        #expect(error("{\"rules\": {\"$a\": {\"$a\": {}}}}")?.reason == "Duplicate wildcard variable '$a'.")
        #expect(error("{\"rulez\": {}}")?.reason.hasPrefix("Invalid key 'rulez'") == true)
        #expect(error("{\"rules\": {\"a\": 1}}")?.reason == "Expected an object of rules and children here.")
        #expect(error("{\"rules\": {\".indexOn\": 5}}")?.reason == ".indexOn must be a string or an array of strings.")
        #expect(error("{\"rules\": {\".indexOn\": [\"a.b\"]}}") != nil)
        #expect(error("{\"rules\": {\"a#b\": {}}}") != nil)
        let parse = error("{\n  \"rules\": {\n    \".read\": true,\n  }\n}")
        #expect(parse?.line == 4)
        #expect(parse?.reason.hasPrefix("Parse error") == true)
    }

    @Test func expressions_and_nesting_are_bounded() {
        let deep = String(repeating: "(", count: 500) + "true" + String(repeating: ")", count: 500)
        #expect(error(#"{"rules":{".read":"\#(deep)"}}"#)?.reason == "Expression nested too deeply")
        let long = Array(repeating: "true", count: 5000).joined(separator: " && ")
        #expect(error(#"{"rules":{".read":"\#(long)"}}"#)?.reason.hasPrefix("Expression longer than") == true)
        let chained = Array(repeating: "true", count: 150).joined(separator: " && ")
        #expect(error(#"{"rules":{".read":"\#(chained)"}}"#)?.reason == "Expression nested too deeply")
    }

    @Test func rules_files_over_256_kilobytes_are_refused() {
        let padding = String(repeating: " ", count: DatabaseRules.maximumSourceBytes)
        #expect(error(#"{"rules":{}}"# + padding)?.reason.contains("at most 262144") == true)
    }

    @Test func index_on_is_read_as_a_string_or_a_list() throws {
        let rules = try DatabaseRules(
            source: #"""
                {"rules":{"dinosaurs":{".indexOn":["height","length"]},"scores":{".indexOn":".value"},
                 "users":{"$uid":{"posts":{".indexOn":"at"}}}}}
                """#)
        #expect(rules.indexOn(at: path("dinosaurs")) == ["height", "length"])
        #expect(rules.isIndexed(.child(path("height")), at: path("dinosaurs")))
        #expect(!rules.isIndexed(.child(path("weight")), at: path("dinosaurs")))
        #expect(rules.isIndexed(.value, at: path("scores")))
        #expect(rules.isIndexed(.key, at: path("anything")))
        #expect(rules.indexOn(at: path("users/ada/posts")) == ["at"])
        #expect(
            DatabaseRules.indexNotDefined(.child(path("weight")), at: path("dinosaurs")).message
                == "Index not defined, add \".indexOn\": \"weight\", for path \"/dinosaurs\", to the rules")
    }
}
