import Testing

@testable import Firebase

@Suite struct JSONTests {
    @Test func integers_print_without_a_fraction_and_doubles_round_trip() throws {
        // setup
        let values: [Double] = [
            0, 1, -1, 42, 1e20, 123_456_789_012, 0.1, -2.5, 1.5e-7, 1e21, .leastNonzeroMagnitude, .pi, 1e300,
        ]
        for value in values {
            // act
            let printed = JavaScriptNumber.format(value)
            // assert
            #expect(Double(printed) == value, "\(value) printed as \(printed)")
        }
        #expect(JavaScriptNumber.format(42) == "42")
        #expect(JavaScriptNumber.format(1e20) == "100000000000000000000")
        #expect(JavaScriptNumber.format(1e21) == "1e+21")
        #expect(JavaScriptNumber.format(1.5e-7) == "1.5e-7")
        #expect(JavaScriptNumber.format(0.000001) == "0.000001")
        #expect(JavaScriptNumber.format(-0.0) == "0")
        #expect(JavaScriptNumber.format(0.1) == "0.1")
    }

    @Test func parse_and_serialise_round_trip_unicode_and_escapes() throws {
        // setup
        let source = #"{"a":"line\nbreak \"quoted\" \\ tab\t \u00e9 \ud83d\ude00 ✓","b":[1,2.5,true,null]}"#
        // act
        let value = try JSONValue.parse(source)
        let printed = value.serializedString()
        // assert
        #expect(value["a"] == .string("line\nbreak \"quoted\" \\ tab\t é 😀 ✓"))
        #expect(printed == #"{"a":"line\nbreak \"quoted\" \\ tab\t é 😀 ✓","b":[1,2.5,true,null]}"#)
        #expect(try JSONValue.parse(printed) == value)
    }

    @Test func control_characters_are_escaped_on_output() {
        #expect(JSONValue.string("\u{01}\u{1F}").serializedString() == #""\u0001\u001f""#)
    }

    @Test func refuses_what_json_parse_refuses_and_non_finite_numbers() {
        for bad in [
            "NaN", "Infinity", "-Infinity", "1e999", "{\"a\":}", "[1,]", "01", "'x'", "{a:1}", "\"\u{01}\"",
            "tru", "1 2", "",
        ] {
            #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
    }

    @Test func parse_errors_carry_line_and_column() {
        let error = caught { () throws(JSONParseError) in _ = try JSONValue.parse("{\n  \"a\": 1,\n  \"b\" 2\n}") }
        #expect(error?.line == 3)
        #expect(error?.column == 7)
    }

    @Test func comments_are_accepted_only_when_asked() throws {
        let source = "{\n// a comment\n\"a\": /* inline */ 1}"
        #expect(throws: JSONParseError.self) { try JSONValue.parse(source) }
        #expect(try JSONValue.parse(source, options: .init(allowsComments: true)) == .object(["a": .number(1)]))
    }

    @Test func nesting_beyond_the_limit_is_refused_without_recursing() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func pretty_printing_uses_two_spaces_and_spaced_colons_as_firebase_does() throws {
        let value = try JSONValue.parse(#"{"error":"Permission denied"}"#)
        #expect(value.serializedString(pretty: true) == "{\n  \"error\" : \"Permission denied\"\n}")
    }
}
