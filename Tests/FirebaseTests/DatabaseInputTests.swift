import Testing

@testable import Firebase

@Suite struct DatabaseInputTests {
    func parse(_ json: String, at location: String = "") throws(DatabaseError) -> DatabaseInput {
        try DatabaseInput.parse(Array(json.utf8), at: path(location))
    }

    func message(_ json: String, at location: String = "") -> String? {
        caught { () throws(DatabaseError) in _ = try parse(json, at: location) }?.message
    }

    @Test func malformed_json_gets_firebases_parse_error() {
        #expect(message("{\"a\":") == "Invalid data; couldn't parse JSON object, array, or value.")
        #expect(message("NaN") == "Invalid data; couldn't parse JSON object, array, or value.")
        #expect(message("1e400") == "Invalid data; couldn't parse JSON object, array, or value.")
    }

    @Test(arguments: ["a.b", "a$", "#x", "[", "]", "a/b", "", "tab\u{09}", "nul\u{00}", "del\u{7F}"])
    func each_forbidden_key_is_refused_with_its_place(key: String) throws {
        // setup
        let json = JSONValue.object(["ok": .number(1), key: .number(2)]).serializedString()
        // act
        let error = caught { () throws(DatabaseError) in _ = try parse(json) }
        // assert
        #expect(error?.code == .invalidData)
        #expect(error?.message.hasPrefix("Invalid data; couldn't parse key beginning at 1:") == true)
        #expect(error?.message.contains("Key value can't be empty or contain $ # [ ] / or .") == true)
    }

    @Test func a_key_of_768_bytes_passes_and_769_is_refused() throws {
        _ = try parse(JSONValue.object([String(repeating: "k", count: 768): .number(1)]).serializedString())
        let error = caught { () throws(DatabaseError) in
            _ = try parse(JSONValue.object([String(repeating: "é", count: 385): .number(1)]).serializedString())
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("770 bytes") == true)
    }

    @Test func depth_counts_from_the_root_up_to_32() throws {
        // setup: 30 levels below a 2-level location reach depth 32
        let thirty = String(repeating: "{\"k\":", count: 30) + "1" + String(repeating: "}", count: 30)
        let thirtyOne = "{\"k\":" + thirty + "}"
        // act / assert
        _ = try parse(thirty, at: "a/b")
        #expect(message(thirtyOne, at: "a/b")?.contains("exceeds the maximum depth that can be written (32)") == true)
    }

    @Test func dot_value_beside_children_is_refused() {
        #expect(
            message(#"{".value":1,"a":2}"#)
                == "Invalid data; contains \".value\" child in addition to actual children.")
    }

    @Test func invalid_priorities_and_server_values_are_refused() {
        #expect(message(#"{".value":1,".priority":true}"#)?.contains("priority") == true)
        #expect(message(#"{".sv":"now"}"#)?.contains(".sv") == true)
        #expect(message(#"{".sv":{"increment":"1"}}"#)?.contains(".sv") == true)
        #expect(message(#"{".sv":{"increment":1,"x":2}}"#)?.contains(".sv") == true)
        #expect(message(#"{".sv":"timestamp","a":1}"#) != nil)
    }

    @Test func a_timestamp_becomes_the_injected_now() throws {
        let input = try parse(#"{"at":{".sv":"timestamp"},"n":1}"#)
        #expect(input.containsServerValues)
        #expect(input.serverValuePaths == [path("at")])
        #expect(text(input.resolved(now: 1_700_000_000_123, existing: .null)) == #"{"at":1700000000123,"n":1}"#)
    }

    @Test func increment_adds_to_a_number_and_replaces_anything_else() throws {
        // setup
        let input = try parse(#"{".sv":{"increment":2.5}}"#)
        // act / assert
        #expect(input.resolved(now: 0, existing: .number(40)) == .number(42.5))
        #expect(input.resolved(now: 0, existing: .null) == .number(2.5))
        #expect(input.resolved(now: 0, existing: .string("ten")) == .number(2.5))
        #expect(input.resolved(now: 0, existing: try node(#"{"a":1}"#)) == .number(2.5))
    }

    @Test func nested_increments_read_the_current_value_at_their_own_path() throws {
        let input = try parse(#"{"likes":{".sv":{"increment":1}},"views":{".sv":{"increment":10}}}"#)
        let current = try node(#"{"likes":4,"views":"n/a"}"#)
        #expect(text(input.resolved(now: 0, existing: current)) == #"{"likes":5,"views":10}"#)
    }

    @Test func a_priority_may_be_a_server_timestamp() throws {
        let input = try parse(#"{".value":"x",".priority":{".sv":"timestamp"}}"#)
        #expect(input.resolved(now: 99, existing: .null).priority == .number(99))
    }

    @Test func the_websocket_form_reads_like_the_rest_form() throws {
        let json = try JSONValue.parse(#"{"a":{"b":[1,2]},"c":null}"#)
        let input = try DatabaseInput(json: json, at: .root)
        #expect(text(input.resolved(now: 0, existing: .null)) == #"{"a":{"b":{"0":1,"1":2}}}"#)
    }

    @Test func strings_over_ten_megabytes_are_refused() {
        let big = "\"" + String(repeating: "a", count: DatabaseLimits.maximumStringBytes + 1) + "\""
        #expect(message(big)?.contains("greater than 10485760 utf8 bytes") == true)
    }
}
