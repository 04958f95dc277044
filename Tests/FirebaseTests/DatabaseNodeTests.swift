import Testing

@testable import Firebase

@Suite struct DatabaseNodeTests {
    @Test func an_empty_object_is_null_and_null_children_vanish() throws {
        #expect(try node("{}").isNull)
        #expect(try node(#"{"a":{},"b":{"c":null}}"#).isNull)
        #expect(text(try node(#"{"a":1,"b":null}"#)) == #"{"a":1}"#)
    }

    @Test func arrays_become_objects_keyed_by_index_without_the_nulls() throws {
        #expect(text(try node(#"["x",null,"z"]"#)) == #"{"0":"x","2":"z"}"#)
    }

    @Test func set_at_every_depth_creates_the_parents() throws {
        // setup
        var root = DatabaseNode.null
        // act
        root = root.setting(.string("deep"), at: path("a/b/c/d"))
        root = root.setting(.number(1), at: path("a/x"))
        root = root.setting(.bool(true), at: path("top"))
        // assert
        #expect(text(root) == #"{"a":{"b":{"c":{"d":"deep"}},"x":1},"top":true}"#)
        #expect(root.node(at: path("a/b/c/d")) == .string("deep"))
        #expect(root.node(at: path("a/b/missing/d")).isNull)
    }

    @Test func deleting_the_last_child_prunes_every_parent_left_empty() throws {
        // setup
        let root = try node(#"{"a":{"b":{"c":1}},"keep":1}"#)
        // act
        let pruned = root.removing(at: path("a/b/c"))
        // assert
        #expect(text(pruned) == #"{"keep":1}"#)
        #expect(pruned.removing(at: path("keep")).isNull)
    }

    @Test func writing_below_a_leaf_replaces_the_leaf_with_children() throws {
        let root = try node(#"{"a":"leaf"}"#).setting(.number(2), at: path("a/b"))
        #expect(text(root) == #"{"a":{"b":2}}"#)
    }

    @Test func deleting_below_a_leaf_leaves_the_leaf_as_the_sdks_do() throws {
        let root = try node(#"{"a":{".value":"leaf",".priority":1}}"#)
        #expect(root.removing(at: path("a/b/c")) == root)
        #expect(root.setting(.number(2), at: path("a/b")).node(at: path("a")).priority == .number(1))
    }

    @Test func setting_the_root_replaces_everything() throws {
        let root = try node(#"{"a":1}"#).setting(try node(#"{"b":2}"#), at: .root)
        #expect(text(root) == #"{"b":2}"#)
    }

    @Test func children_are_kept_in_firebase_key_order() throws {
        let root = try node(#"{"b":1,"10":1,"a":1,"9":1,"-5":1,"007":1,"7":1}"#)
        #expect(root.children.keys == ["-5", "7", "007", "9", "10", "a", "b"])
    }

    @Test func keys_that_swift_calls_equal_stay_two_keys() throws {
        // "é" precomposed and decomposed are canonically equivalent in Swift, different keys in Firebase.
        let root = DatabaseNode.null.setting(.number(1), at: path("\u{E9}")).setting(.number(2), at: path("e\u{301}"))
        #expect(root.childCount == 2)
    }

    @Test func priority_is_kept_on_values_and_dropped_on_null() throws {
        let leaf = DatabaseNode.string("x", priority: .number(3))
        #expect(leaf.priority == .number(3))
        #expect(DatabaseNode(.null, priority: .string("p")).priority == nil)
        let root = DatabaseNode.null.setting(leaf, at: path("a")).setting(.string("top"), at: path("a/.priority"))
        #expect(root.node(at: path("a")).priority == .string("top"))
        #expect(root.node(at: path("a/.priority")) == .string("top"))
    }

    @Test func export_format_writes_priorities_and_values_format_drops_them() throws {
        // setup
        let root = try node(#"{"a":{".value":1,".priority":2},"b":{"c":true,".priority":"p"}}"#)
        // act / assert
        #expect(text(root) == #"{"a":1,"b":{"c":true}}"#)
        #expect(text(root, format: .export) == #"{"a":{".value":1,".priority":2},"b":{"c":true,".priority":"p"}}"#)
        #expect(try node(text(root, format: .export)) == root)
    }

    @Test func shallow_maps_each_child_to_true_and_leaves_stay() throws {
        let root = try node(#"{"a":{"deep":1},"b":"x"}"#)
        #expect(String(decoding: root.shallowJSON(), as: UTF8.self) == #"{"a":true,"b":true}"#)
        #expect(String(decoding: DatabaseNode.string("x").shallowJSON(), as: UTF8.self) == #""x""#)
    }

    @Test func integers_and_doubles_round_trip_through_json() throws {
        let root = try node(#"{"i":12,"d":0.5,"n":-3,"e":1e-7,"big":9007199254740991}"#)
        #expect(text(root) == #"{"big":9007199254740991,"d":0.5,"e":1e-7,"i":12,"n":-3}"#)
    }

    @Test func pretty_output_matches_print_pretty() throws {
        let root = try node(#"{"a":{"b":1}}"#)
        #expect(root.jsonString(pretty: true) == "{\n  \"a\" : {\n    \"b\" : 1\n  }\n}")
    }
}
