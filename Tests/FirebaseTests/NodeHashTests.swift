import Testing

@testable import Firebase

/// Vectors derived by hand from the SDKs' algorithm (LeafNode.hash, ChildrenNode.hash, priorityHashText,
/// doubleToIEEE754String): each test shows the text that is hashed; the expected hashes are base64 SHA-1 of
/// those texts, computed separately with Python's hashlib.
@Suite struct NodeHashTests {
    @Test func the_empty_node_hashes_to_the_empty_string() {
        #expect(NodeHash.hash(.null) == "")
    }

    @Test(arguments: [
        (DatabaseNode.string("hello"), "string:hello", "z6sRbrNLwbHX5fdjpvsTtWgXUFc="),
        (.number(1), "number:3ff0000000000000", "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ="),
        (.number(-2.5), "number:c004000000000000", "eBj7htp2uFU6m+ykmQDcicyETbY="),
        (.number(0.1), "number:3fb999999999999a", "wtQjBi5TBE+ZcdekL6INiSeCSQI="),
        (.number(12_345_678_901), "number:4206fee0e1a80000", "tQYYp5kNQ/LsMuleLSDKXYDYA4E="),
        (.bool(true), "boolean:true", "E5z61QM0lN/U2WsOnusszCTkR8M="),
        (.bool(false), "boolean:false", "aSSNoqcS4oQwJ2xxH20rvpp3zP0="),
        (.string("héllo ✓"), "string:héllo ✓", "vijw7jGnUcFsGJ49LX3Up/4j4q0="),
        (
            .number(5, priority: .string("p")), "priority:string:p:number:4014000000000000",
            "1yRMp++ZQJ76tYxdoS+aJTHGjUM="
        ),
        (
            .string("x", priority: .number(1)), "priority:number:3ff0000000000000:string:x",
            "DyYUenjbovmkXiggnw4KsXFS+eA="
        ),
    ])
    func leaves_hash_their_type_tagged_text(node: DatabaseNode, text: String, hash: String) {
        #expect(NodeHash.hashText(node) == text)
        #expect(NodeHash.hash(node) == hash)
    }

    @Test func children_hash_each_child_in_key_order_when_no_priorities() throws {
        // ":a:" + hash("string:x") + ":b:" + hash("number:4000000000000000")
        let children = try node(#"{"b":2,"a":"x"}"#)
        #expect(
            NodeHash.hashText(children)
                == ":a:OJSeRnP1mf0vTrhq7izmWGPiNx4=:b:WtSt2Xo3L0JtPuArzQHofPrZOuU=")
        #expect(NodeHash.hash(children) == "ZkS++xRhRYR/dcPYMqxWieAPlFk=")
    }

    @Test func children_are_hashed_in_priority_order() throws {
        // b has priority 1, a priority 2: b first.
        let children = try node(#"{"a":{".value":1,".priority":2},"b":{".value":1,".priority":1}}"#)
        #expect(
            NodeHash.hashText(children)
                == ":b:MEW0UDkkMtVWOWOEkIqiXwuoUGs=:a:FvGzv2x5RbRTIc6uhMwY3pMW2oU=")
        #expect(NodeHash.hash(children) == "Hbshog8epOUNdSPDO3e8VIoAsfw=")
    }

    @Test func nested_children_hash_their_subtrees() throws {
        // inner: ":name:" + hash("string:Ada") = ":name:48qFx1DAxUVow28sWmxyVejNJAg=" → wJh7…
        let tree = try node(#"{"u":{"name":"Ada"}}"#)
        #expect(NodeHash.hashText(tree) == ":u:wJh7PmZ38J4zS7Dh41HvLS1J8OE=")
        #expect(NodeHash.hash(tree) == "PcxadYOA2rdGTPy8RS6R3F1fhac=")
    }

    @Test func a_parents_priority_prefixes_its_children() throws {
        let tree = try node(#"{"a":true,".priority":"top"}"#)
        #expect(NodeHash.hashText(tree) == "priority:string:top::a:E5z61QM0lN/U2WsOnusszCTkR8M=")
        #expect(NodeHash.hash(tree) == "xZ5b8eU3ZYo/8BJ0TCgz+n/HBig=")
    }

    @Test func integer_keys_come_first_in_numeric_order() throws {
        let tree = try node(#"{"a":1,"10":1,"9":1}"#)
        let one = "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ="
        #expect(NodeHash.hashText(tree) == ":9:\(one):10:\(one):a:\(one)")
        #expect(NodeHash.hash(tree) == "evCfROj4O5BuYeBWBzyApN5V/lQ=")
    }

    @Test func the_hash_changes_with_any_change_and_not_otherwise() throws {
        let a = try node(#"{"x":{"y":1,"z":"s"}}"#)
        #expect(NodeHash.hash(a) == NodeHash.hash(try node(#"{"x":{"z":"s","y":1}}"#)))
        #expect(NodeHash.hash(a) != NodeHash.hash(try node(#"{"x":{"y":1,"z":"t"}}"#)))
        #expect(NodeHash.hash(a) != NodeHash.hash(try node(#"{"x":{"y":"1","z":"s"}}"#)))
    }

    /// Vectors from another implementation's tests: appsup-dart/firebase_dart `test/database/hash_test.dart`
    /// (`TreeStructuredData.hash`, a port of the JS SDK that talks to Firebase's servers), whose hashes the servers
    /// accept for its transactions.
    @Test(arguments: [
        ("nl", "lzXmvmvvpskRQUDqDuTMvZE2AQI="),
        ("default config", "wvI1cAKcFCSEHyb527WMjwKCR/o="),
        ("à", "31pfWlkApe+5G1/vDg375CZ+I2M="),
    ])
    func strings_hash_as_another_sdk_port_hashes_them(value: String, hash: String) {
        #expect(NodeHash.hash(.string(value)) == hash)
    }
}
