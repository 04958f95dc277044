import Testing

@testable import Firebase

@Suite struct QueryTests {
    /// Dinosaurs as in Firebase's REST docs: heights with ties, a missing height, a string height.
    let dinosaurs: DatabaseNode = {
        let json = #"""
            {"bruhathkayosaurus":{"height":25},"lambeosaurus":{"height":2.1},"linhenykus":{"height":0.6},
             "pterodactyl":{"height":0.6},"stegosaurus":{"height":4},"triceratops":{"height":3},
             "nodata":{"length":1},"texty":{"height":"tall"},"objecty":{"height":{"m":1}},
             "boolish":{"height":true}}
            """#
        return try! DatabaseNode(json: Array(json.utf8))
    }()

    func keys(_ parameters: [String: String]) throws -> [String] {
        try DatabaseQuery(restParameters: parameters).window(of: dinosaurs).map(\.key)
    }

    @Test func order_by_child_sorts_by_type_then_value_then_key() throws {
        #expect(
            try keys(["orderBy": #""height""#]) == [
                "nodata", "boolish", "linhenykus", "pterodactyl", "lambeosaurus", "triceratops", "stegosaurus",
                "bruhathkayosaurus", "texty", "objecty",
            ])
    }

    @Test func start_and_end_bounds_are_inclusive() throws {
        #expect(
            try keys(["orderBy": #""height""#, "startAt": "0.6", "endAt": "3"])
                == ["linhenykus", "pterodactyl", "lambeosaurus", "triceratops"])
    }

    @Test func a_key_name_breaks_ties_at_the_bound() throws {
        #expect(
            try keys(["orderBy": #""height""#, "startAt": #"0.6,"pterodactyl""#, "endAt": "2.1"])
                == ["pterodactyl", "lambeosaurus"])
        #expect(
            try keys(["orderBy": #""height""#, "startAt": "0", "endAt": #"0.6,"linhenykus""#])
                == ["linhenykus"])
    }

    @Test func start_after_and_end_before_exclude_the_bound() throws {
        #expect(
            try keys(["orderBy": #""height""#, "startAfter": "0.6", "endBefore": "4"])
                == ["lambeosaurus", "triceratops"])
        #expect(
            try keys(["orderBy": #""height""#, "startAfter": #"0.6,"linhenykus""#, "endBefore": "2.1"])
                == ["pterodactyl"])
        #expect(
            try keys(["orderBy": #""height""#, "startAt": "0.6", "endBefore": #"0.6,"pterodactyl""#])
                == ["linhenykus"])
    }

    @Test func equal_to_selects_one_value_and_its_key_name_one_child() throws {
        #expect(try keys(["orderBy": #""height""#, "equalTo": "0.6"]) == ["linhenykus", "pterodactyl"])
        #expect(try keys(["orderBy": #""height""#, "equalTo": #"0.6,"pterodactyl""#]) == ["pterodactyl"])
        #expect(try keys(["orderBy": #""height""#, "equalTo": #""tall""#]) == ["texty"])
        #expect(try keys(["orderBy": #""height""#, "equalTo": "null"]) == ["nodata"])
        #expect(try keys(["orderBy": #""height""#, "equalTo": "true"]) == ["boolish"])
    }

    @Test func limits_take_from_either_end_after_the_window() throws {
        #expect(try keys(["orderBy": #""height""#, "limitToFirst": "2"]) == ["nodata", "boolish"])
        #expect(try keys(["orderBy": #""height""#, "limitToLast": "2"]) == ["texty", "objecty"])
        #expect(
            try keys(["orderBy": #""height""#, "startAt": "1", "limitToFirst": "2"])
                == ["lambeosaurus", "triceratops"])
        #expect(
            try keys(["orderBy": #""height""#, "endAt": "3", "limitToLast": "2"]) == ["lambeosaurus", "triceratops"])
        #expect(try keys(["orderBy": #""height""#, "limitToFirst": "100"]).count == 10)
    }

    @Test func order_by_key_compares_keys_with_name_compare() throws {
        let root = try node(#"{"a":1,"b":1,"10":1,"9":1,"c":1}"#)
        func window(_ parameters: [String: String]) throws -> [String] {
            try DatabaseQuery(restParameters: parameters).window(of: root).map(\.key)
        }
        #expect(try window(["orderBy": #""$key""#]) == ["9", "10", "a", "b", "c"])
        #expect(try window(["orderBy": #""$key""#, "startAt": #""10""#, "endAt": #""b""#]) == ["10", "a", "b"])
        #expect(try window(["orderBy": #""$key""#, "startAfter": #""a""#]) == ["b", "c"])
        #expect(try window(["orderBy": #""$key""#, "endBefore": #""a""#, "limitToLast": "1"]) == ["10"])
    }

    @Test func order_by_value_and_priority() throws {
        let scores = try node(#"{"a":3,"b":"x","c":1,"d":true,"e":{"f":1}}"#)
        #expect(
            try DatabaseQuery(restParameters: ["orderBy": #""$value""#, "startAt": "1", "endAt": "3"])
                .window(of: scores).map(\.key) == ["c", "a"])
        let prioritised = try node(#"{"a":{".value":1,".priority":5},"b":{".value":1,".priority":1},"c":1}"#)
        #expect(
            try DatabaseQuery(restParameters: ["orderBy": #""$priority""#]).window(of: prioritised).map(\.key)
                == ["c", "b", "a"])
        #expect(
            try DatabaseQuery(restParameters: ["orderBy": #""$priority""#, "startAt": "2"])
                .window(of: prioritised).map(\.key) == ["a"])
    }

    @Test func applying_a_query_keeps_the_parents_priority_and_leaves_leaves_alone() throws {
        let query = try DatabaseQuery(restParameters: ["orderBy": #""$key""#, "limitToFirst": "1"])
        #expect(text(query.apply(to: try node(#"{"b":1,"a":2}"#))) == #"{"a":2}"#)
        #expect(query.apply(to: .string("leaf")) == .string("leaf"))
    }

    @Test(arguments: [
        (["limitToFirst": "1"], "orderBy must be defined when other query parameters are defined"),
        (["orderBy": "height"], "orderBy must be a valid JSON encoded path"),
        (["orderBy": #""a.b""#], "orderBy must be a valid JSON encoded path"),
        (["orderBy": #""$key""#, "startAt": "1"], "Provided key index type is invalid, must be string"),
        (["orderBy": #""$key""#, "equalTo": "true"], "Provided key index type is invalid, must be string"),
        (["orderBy": #""h""#, "startAt": #"{"a":1}"#], "Constraint index field must be a JSON primitive"),
        (["orderBy": #""h""#, "startAt": #"1,"[MAX_NAME]""#], "Constraint key field must be a valid key name"),
        (["orderBy": #""h""#, "startAt": "1,2"], "Constraint key field must be a valid key name"),
        (
            ["orderBy": #""h""#, "limitToFirst": "1", "limitToLast": "1"],
            "limitToFirst and limitToLast can't both be defined"
        ),
        (["orderBy": #""h""#, "limitToFirst": "0"], "limitToFirst must be a positive integer"),
        (["orderBy": #""h""#, "limitToLast": "x"], "limitToLast must be a positive integer"),
        (["orderBy": #""h""#, "startAt": "nope"], "startAt must be a valid JSON value"),
        (
            ["orderBy": #""h""#, "equalTo": "1", "startAt": "0"],
            "equalTo can't be combined with startAt, startAfter, endAt or endBefore"
        ),
        (["orderBy": #""h""#, "startAt": "0", "startAfter": "0"], "startAt and startAfter can't both be defined"),
        (["orderBy": #""h""#, "shallow": "true"], "Mixing 'shallow' and querying parameters is not supported"),
        (
            ["orderBy": #""$priority""#, "startAt": "true"],
            "A priority bound must be a valid priority value (null, a number, or a string)"
        ),
    ])
    func rest_parameter_errors(parameters: [String: String], message: String) {
        let error = caught { () throws(DatabaseError) in _ = try DatabaseQuery(restParameters: parameters) }
        #expect(error?.code == .invalidQuery)
        #expect(error?.message == message)
    }

    @Test func other_parameters_alone_make_the_default_query() throws {
        #expect(try DatabaseQuery(restParameters: ["print": "pretty", "shallow": "true"]).isDefault)
    }

    @Test func the_websocket_query_object_round_trips() throws {
        let objects = [
            #"{"i":"height","sp":0.6,"sn":"pterodactyl","ep":3,"l":2,"vf":"r"}"#,
            #"{"i":".key","sp":"a","ep":"m"}"#,
            #"{"i":".value","l":5,"vf":"l"}"#,
            #"{"sp":1,"sn":"[MAX_NAME]"}"#,
            #"{"ep":null,"en":"[MIN_NAME]"}"#,
            #"{}"#,
        ]
        for object in objects {
            let json = try JSONValue.parse(object)
            let query = try DatabaseQuery(wireObject: json)
            #expect(query.wireObject == json, "\(object)")
            #expect(try DatabaseQuery(wireObject: query.wireObject) == query)
        }
    }

    @Test func the_sdks_start_after_encoding_reads_as_an_exclusive_bound() throws {
        // startAfter(0.6) on a child index travels as sp: 0.6, sn: [MAX_NAME].
        let query = try DatabaseQuery(wireObject: try JSONValue.parse(#"{"i":"height","sp":0.6,"sn":"[MAX_NAME]"}"#))
        #expect(query.window(of: dinosaurs).first?.key == "lambeosaurus")
        // endBefore(0.6) as ep: 0.6, en: [MIN_NAME].
        let end = try DatabaseQuery(wireObject: try JSONValue.parse(#"{"i":"height","ep":0.6,"en":"[MIN_NAME]"}"#))
        #expect(end.window(of: dinosaurs).map(\.key) == ["nodata", "boolish"])
    }

    @Test func exclusive_bounds_are_sent_on_the_wire_as_the_sdks_send_them() throws {
        let query = try DatabaseQuery(restParameters: ["orderBy": #""height""#, "startAfter": #"1,"a""#])
        #expect(query.wireObject == (try JSONValue.parse(#"{"i":"height","sp":1,"sn":"a-"}"#)))
        let byKey = try DatabaseQuery(restParameters: ["orderBy": #""$key""#, "endBefore": #""b""#])
        let wire = byKey.wireObject
        #expect(wire["ep"]?.stringValue?.hasPrefix("az") == true)
        #expect(wire["i"] == .string(".key"))
    }

    @Test func an_unset_side_limit_anchors_as_the_sdk_does() throws {
        let fromStart = try DatabaseQuery(wireObject: try JSONValue.parse(#"{"sp":1,"l":3}"#))
        #expect(fromStart.limit == .first(3))
        let fromEnd = try DatabaseQuery(wireObject: try JSONValue.parse(#"{"l":3}"#))
        #expect(fromEnd.limit == .last(3))
    }

    @Test(arguments: [
        #"{"zz":1}"#, #"{"l":-1}"#, #"{"l":1.5}"#, #"{"vf":"x","l":1}"#, #"{"sp":{"a":1}}"#,
        #"{"sn":"a"}"#, #"{"i":"a.b"}"#, #"{"i":".key","sp":1}"#, #"[1]"#, #"{"sp":1,"sn":"a/b"}"#,
    ])
    func bad_websocket_query_objects_are_refused(object: String) throws {
        let json = try JSONValue.parse(object)
        #expect(throws: DatabaseError.self) { try DatabaseQuery(wireObject: json) }
    }

    @Test func rest_parameters_round_trip() throws {
        let parameterSets: [[String: String]] = [
            ["orderBy": #""height""#, "startAt": #"0.6,"b""#, "endAt": "3", "limitToLast": "2"],
            ["orderBy": #""$key""#, "startAfter": #""a""#, "endBefore": #""m""#],
            ["orderBy": #""$value""#, "startAfter": "1", "limitToFirst": "1"],
            ["orderBy": #""a/b""#],
        ]
        for parameters in parameterSets {
            let query = try DatabaseQuery(restParameters: parameters)
            #expect(try DatabaseQuery(restParameters: query.restParameters) == query, "\(parameters)")
        }
    }

    @Test func index_names_for_index_on() {
        #expect(DatabaseIndex.child(path("a/b")).indexOnName == "a/b")
        #expect(DatabaseIndex.value.indexOnName == ".value")
        #expect(DatabaseIndex.key.indexOnName == nil)
        #expect(DatabaseIndex.priority.indexOnName == nil)
    }
}
