import Testing

@testable import Firebase

@Suite struct OrderingTests {
    @Test func integer_keys_sort_numerically_before_other_keys() {
        let keys = [
            "b", "a", "10", "9", "-1", "2147483647", "2147483648", "-2147483648", "00", "0", "A", "_", "é", "😀",
        ]
        let sorted = keys.sorted(by: FirebaseKeyOrder.areInIncreasingOrder)
        #expect(
            sorted == [
                "-2147483648", "-1", "0", "00", "9", "10", "2147483647", "2147483648", "A", "_", "a", "b",
                "é", "😀",
            ])
    }

    @Test func integer_detection_follows_try_parse_int() {
        #expect(FirebaseKeyOrder.integerValue(of: "007") == 7)
        #expect(FirebaseKeyOrder.integerValue(of: "-0") == 0)
        #expect(FirebaseKeyOrder.integerValue(of: "00000000000042") == 42)
        #expect(FirebaseKeyOrder.integerValue(of: "12345678901") == nil)
        #expect(FirebaseKeyOrder.integerValue(of: "2147483648") == nil)
        #expect(FirebaseKeyOrder.integerValue(of: "1.0") == nil)
        #expect(FirebaseKeyOrder.integerValue(of: "-") == nil)
        #expect(FirebaseKeyOrder.integerValue(of: "+1") == nil)
    }

    @Test func strings_compare_by_utf16_code_units_like_javascript() {
        // U+FF5E (one unit 0xFF5E) sorts after U+1F600 (surrogates 0xD83D…) in JavaScript, before it by scalar.
        #expect(FirebaseKeyOrder.compare("\u{1F600}", "\u{FF5E}") < 0)
        #expect(DatabaseValueOrder.compare(.string("\u{1F600}"), .string("\u{FF5E}")) < 0)
    }

    @Test func values_order_null_false_true_numbers_strings_objects() throws {
        let values: [DatabaseNode] = [
            try node(#"{"z":1}"#), .string("b"), .string("a"), .number(10), .number(-1), .bool(true), .bool(false),
            .null,
        ]
        let sorted = values.sorted { DatabaseValueOrder.compare($0, $1) < 0 }
        #expect(sorted.map { text($0) } == ["null", "false", "true", "-1", "10", "\"a\"", "\"b\"", #"{"z":1}"#])
    }

    @Test func priority_order_puts_no_priority_first_then_numbers_then_strings() throws {
        let root = try node(
            #"""
            {"s":{".value":1,".priority":"a"},"n2":{".value":1,".priority":2},"none":1,"n1":{".value":1,".priority":1}}
            """#)
        #expect(DatabaseIndex.priority.sortedChildren(of: root).map(\.key) == ["none", "n1", "n2", "s"])
    }

    @Test func sort_keys_order_bytewise_as_the_comparator_orders_on_random_values() {
        // setup
        var random = SeededRandom(seed: 0xF1_2E_BA5E)
        var samples: [(DatabaseNode, String)] = []
        for _ in 0..<3000 { samples.append((randomValue(&random), randomKey(&random))) }
        // act / assert
        var mismatches = 0
        for _ in 0..<20_000 {
            let a = samples[Int(random.next() % UInt64(samples.count))]
            let b = samples[Int(random.next() % UInt64(samples.count))]
            var expected = DatabaseValueOrder.compare(a.0, b.0)
            if expected == 0 { expected = FirebaseKeyOrder.compare(a.1, b.1) }
            let actual = compareBytes(DatabaseSortKey.encode(a.0, key: a.1), DatabaseSortKey.encode(b.0, key: b.1))
            if expected.signum() != actual.signum() { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func sorting_by_sort_key_equals_sorting_by_the_index() {
        var random = SeededRandom(seed: 7)
        var samples: [(DatabaseNode, String)] = []
        for _ in 0..<2000 { samples.append((randomValue(&random), randomKey(&random))) }
        let byComparator = samples.sorted {
            let order = DatabaseValueOrder.compare($0.0, $1.0)
            return order != 0 ? order < 0 : FirebaseKeyOrder.compare($0.1, $1.1) < 0
        }
        let byBytes = samples.sorted {
            compareBytes(DatabaseSortKey.encode($0.0, key: $0.1), DatabaseSortKey.encode($1.0, key: $1.1)) < 0
        }
        #expect(
            byComparator.map { DatabaseSortKey.encode($0.0, key: $0.1) }
                == byBytes.map { DatabaseSortKey.encode($0.0, key: $0.1) })
    }

    @Test func integer_keys_with_very_many_leading_zeros_encode_without_trapping() {
        let long = String(repeating: "0", count: 70_000) + "7"
        #expect(compareBytes(DatabaseSortKey.encode(key: "007"), DatabaseSortKey.encode(key: long)) < 0)
        #expect(compareBytes(DatabaseSortKey.encode(key: long), DatabaseSortKey.encode(key: "8")) < 0)
    }

    @Test func key_sort_keys_order_as_name_compare_does() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<20_000 {
            let a = randomKey(&random)
            let b = randomKey(&random)
            let expected = FirebaseKeyOrder.compare(a, b).signum()
            #expect(compareBytes(DatabaseSortKey.encode(key: a), DatabaseSortKey.encode(key: b)).signum() == expected)
        }
    }

    @Test func query_ranges_over_sort_keys_select_what_the_query_selects() throws {
        // setup
        var random = SeededRandom(seed: 2024)
        var children: [String: DatabaseNode] = [:]
        for _ in 0..<400 { children[randomKey(&random)] = try node(#"{"v":\#(text(randomValue(&random)))}"#) }
        let root = DatabaseNode(children: children)
        let index = DatabaseIndex.child(path("v"))
        let bounds: [DatabaseQuery.Bound?] = [
            nil, .init(value: .number(0), key: .min), .init(value: .number(0), key: .max),
            .init(value: .string("m"), key: .name("k"), inclusive: false), .init(value: .bool(true), key: .name("5")),
            .init(value: .null, key: .min),
        ]
        for start in bounds {
            for end in bounds {
                let query = DatabaseQuery(index: index, start: start, end: end)
                // act
                let expected = query.window(of: root).map(\.key)
                let range = DatabaseSortKey.range(of: query)
                let selected = index.sortedChildren(of: root).filter { entry in
                    let key = DatabaseSortKey.encode(index.sortValue(of: entry.node), key: entry.key)
                    if let lower = range.lower {
                        let order = compareBytes(key, lower.bytes)
                        if order < 0 || (order == 0 && !lower.inclusive) { return false }
                    }
                    if let upper = range.upper {
                        let order = compareBytes(key, upper.bytes)
                        if order > 0 || (order == 0 && !upper.inclusive) { return false }
                    }
                    return true
                }.map(\.key)
                // assert
                #expect(selected == expected, "start \(String(describing: start)) end \(String(describing: end))")
            }
        }
    }
}

func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}

func randomKey(_ random: inout SeededRandom) -> String {
    switch random.next() % 6 {
    case 0: return String(Int32(truncatingIfNeeded: random.next()) % 1000)
    case 1: return String(repeating: "0", count: Int(random.next() % 3)) + String(random.next() % 50)
    case 2: return String(Int32(truncatingIfNeeded: random.next()))
    default:
        let alphabet = Array("-09AZ_az\u{00}\u{E9}\u{FF5E}\u{1F600}\u{0100}b")
        let length = 1 + Int(random.next() % 4)
        return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}

func randomValue(_ random: inout SeededRandom) -> DatabaseNode {
    switch random.next() % 8 {
    case 0: return .null
    case 1: return .bool(random.next() % 2 == 0)
    case 2: return .number(Double(Int64(random.next() % 21) - 10))
    case 3:
        let number = Double(bitPattern: random.next())
        return .number(number.isFinite ? number : 0.5)
    case 4: return .number([0.0, -0.0, 1e-300, -1e300, .greatestFiniteMagnitude][Int(random.next() % 5)])
    case 5, 6: return .string(randomKey(&random))
    default: return DatabaseNode(children: ["x": .number(1)])
    }
}

@Suite struct KeyIndexRangeTests {
    @Test func key_index_ranges_over_sort_keys_select_what_the_query_selects() {
        var random = SeededRandom(seed: 31337)
        var children: [String: DatabaseNode] = [:]
        for _ in 0..<300 { children[randomKey(&random)] = .bool(true) }
        let root = DatabaseNode(children: children)
        let bounds: [DatabaseQuery.Bound?] = [
            nil, .init(value: .string("5"), key: .min), .init(value: .string("b"), key: .max, inclusive: false),
            .init(value: .string("-3"), key: .min, inclusive: false), .init(value: .string("\u{E9}"), key: .max),
        ]
        for start in bounds {
            for end in bounds {
                let query = DatabaseQuery(index: .key, start: start, end: end)
                let range = DatabaseSortKey.range(of: query)
                let selected = root.children.filter { entry in
                    let key = DatabaseSortKey.encode(key: entry.key)
                    if let lower = range.lower {
                        let order = compareBytes(key, lower.bytes)
                        if order < 0 || (order == 0 && !lower.inclusive) { return false }
                    }
                    if let upper = range.upper {
                        let order = compareBytes(key, upper.bytes)
                        if order > 0 || (order == 0 && !upper.inclusive) { return false }
                    }
                    return true
                }.map(\.key)
                #expect(selected == query.window(of: root).map(\.key))
            }
        }
    }
}
