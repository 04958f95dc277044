import Testing

@testable import Firebase

/// Random inputs built from each grammar's own tokens: every parser answers with a value or its error type, and
/// whatever compiles evaluates to an answer. A crash or a trap fails the whole run.
@Suite struct HostileInputTests {
    func randomText(_ random: inout SeededRandom, tokens: [String], count: Int) -> String {
        (0..<count).map { _ in tokens[Int(random.next() % UInt64(tokens.count))] }.joined()
    }

    @Test func json_and_database_values() {
        var random = SeededRandom(seed: 1)
        let tokens = [
            "{", "}", "[", "]", ",", ":", "\"a\"", "\".sv\"", "\".value\"", "\".priority\"", "1", "-0.5e3",
            "null", "true", "\"timestamp\"", "{\"increment\":1}", "\"\\u00\"", "\"k.k\"", " ",
        ]
        for _ in 0..<3000 {
            let text = randomText(&random, tokens: tokens, count: Int(random.next() % 30))
            _ = try? JSONValue.parse(text)
            if let input = try? DatabaseInput.parse(Array(text.utf8), at: .root) {
                _ = input.resolved(now: 1, existing: .number(1)).json(format: .export)
            }
            _ = try? DatabaseUpdate.parse(Array(text.utf8), at: .root)
        }
    }

    @Test func database_rules_and_expressions() throws {
        var random = SeededRandom(seed: 2)
        let tokens = [
            "auth", "data", "newData", "root", "now", "$x", ".", "val()", "child('a')", "parent()", "(", ")",
            "[", "]", "'s'", "1", "true", "null", "&&", "||", "!", "===", "<", "+", "-", "*", "/", "%", "?",
            ":", ",", "/a+/i", "matches", "length", "exists()", "hasChildren(['a'])", " ",
        ]
        let data = InMemorySnapshotSource(root: try node(#"{"x":{"a":"s","b":1}}"#))
        for _ in 0..<3000 {
            let expression = randomText(&random, tokens: tokens, count: 1 + Int(random.next() % 12))
            let source = JSONValue.object(["rules": .object(["$x": .object([".write": .string(expression)])])])
                .serializedString()
            guard let rules = try? DatabaseRules(source: source) else { continue }
            _ = try rules.canSet(.string("v"), at: path("x/a"), auth: RulesAuth(uid: "u"), now: 0, data: data)
        }
    }

    @Test func storage_rules() {
        var random = SeededRandom(seed: 3)
        let tokens = [
            "request", "resource", "auth", "uid", ".", "==", "!=", "&&", "||", "!", "in", "is", "string",
            "(", ")", "[", "]", "{", "}", "'a'", "1", "-", "+", "*", "/", "%", ",", ":", "size()",
            "matches('a.*')", "f()", "timestamp.date(2020, 1, 1)", "duration.value(1, 'd')", "x", " ",
        ]
        let request = StorageRequest(
            operation: .get, bucket: "b", path: "a/b", auth: StorageAuth(uid: "u"), time: 0)
        for _ in 0..<3000 {
            let condition = randomText(&random, tokens: tokens, count: 1 + Int(random.next() % 12))
            let source = """
                rules_version = '2';
                service firebase.storage {
                  function f() { return true; }
                  match /b/{bucket}/o { match /{x}/{rest=**} { allow read: if \(condition); } }
                }
                """
            guard let rules = try? StorageRules(source: source) else { continue }
            _ = rules.evaluate(request, existing: nil)
        }
    }

    @Test func regular_expressions() {
        var random = SeededRandom(seed: 4)
        let tokens = [
            "a", ".", "*", "+", "?", "(", ")", "|", "[", "]", "^", "$", "\\d", "\\", "{2}", "{1,3}", "-", "z",
        ]
        for _ in 0..<5000 {
            let pattern = randomText(&random, tokens: tokens, count: Int(random.next() % 15))
            guard let regex = try? RulesRegex(pattern, flags: random.next() % 2 == 0 ? "i" : "") else { continue }
            _ = regex.search("a1-zAZ")
            _ = regex.matchesWhole("aaaa")
        }
    }

    @Test func query_parameters_and_objects() {
        var random = SeededRandom(seed: 5)
        let values = [
            "\"$key\"", "\"a\"", "1", "true", "null", "{}", "1,\"b\"", "\"a\",", ",", "\"", "0", "-1",
            "\"$value\"", "\"a/b\"",
        ]
        let names = [
            "orderBy", "startAt", "endAt", "equalTo", "startAfter", "endBefore", "limitToFirst",
            "limitToLast",
        ]
        let root = DatabaseNode(children: ["a": .number(1), "b": .string("x"), "1": .bool(true)])
        for _ in 0..<3000 {
            var parameters: [String: String] = [:]
            for _ in 0..<Int(random.next() % 4) {
                parameters[names[Int(random.next() % 8)]] = values[Int(random.next() % UInt64(values.count))]
            }
            if let query = try? DatabaseQuery(restParameters: parameters) {
                _ = query.window(of: root)
                _ = try? DatabaseQuery(wireObject: query.wireObject)
                _ = DatabaseSortKey.range(of: query)
            }
        }
    }
}
