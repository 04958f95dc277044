import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// Query windows served by the store's indexes agree with Firebase's order (``DatabaseQuery/window(of:)``) on
/// seeded random children, for every index and every kind of bound and limit.
@Suite("Realtime windows")
struct RealtimeWindowTests {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keys = ["0", "1", "2", "10", "-3", "007", "a", "B", "b", "ab", "-", "z9", "é", "2147483648", "x y"]

    static func randomLeaf(_ random: inout SplitMix) -> DatabaseNode {
        switch random.next() % 5 {
        case 0: return .bool(random.next() % 2 == 0)
        case 1: return .number(Double(Int(random.next() % 7)) - 3)
        case 2: return .number(Double(random.next() % 1000) / 7)
        case 3: return .string(["", "a", "b", "ab", "B", "é"][Int(random.next() % 6)])
        default: return .string(String(random.next() % 5))
        }
    }

    static func randomPriority(_ random: inout SplitMix) -> DatabasePriority? {
        switch random.next() % 3 {
        case 0: return nil
        case 1: return .number(Double(random.next() % 4))
        default: return .string(["a", "b", "c"][Int(random.next() % 3)])
        }
    }

    static func randomChild(_ random: inout SplitMix) -> DatabaseNode {
        let priority = randomPriority(&random)
        switch random.next() % 3 {
        case 0: return randomLeaf(&random).withPriority(priority)
        case 1: return DatabaseNode(children: ["score": randomLeaf(&random), "x": .bool(true)], priority: priority)
        default: return DatabaseNode(children: ["other": randomLeaf(&random)], priority: priority)
        }
    }

    static func randomBound(_ index: DatabaseIndex, _ random: inout SplitMix, start: Bool) -> DatabaseQuery.Bound {
        let value: DatabaseNode
        switch index {
        case .key: value = .string(keys[Int(random.next() % UInt64(keys.count))])
        case .priority:
            switch random.next() % 3 {
            case 0: value = .null
            case 1: value = .number(Double(random.next() % 4))
            default: value = .string(["a", "b", "c", "bb"][Int(random.next() % 4)])
            }
        default: value = random.next() % 6 == 0 ? .null : randomLeaf(&random)
        }
        let key: DatabaseQuery.BoundKey =
            index == .key
            ? (start ? .min : .max)
            : [.min, .max, .name(keys[Int(random.next() % UInt64(keys.count))])][Int(random.next() % 3)]
        return DatabaseQuery.Bound(value: value, key: key, inclusive: random.next() % 3 != 0)
    }

    @Test(arguments: Backend.available)
    func store_windows_match_firebase_order(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: a location of random children, with index rows for `.value` and `score` as the service
            // makes them
            var random = SplitMix(state: 30)
            var children: [String: DatabaseNode] = [:]
            for key in Self.keys { children[key] = Self.randomChild(&random) }
            let items = DatabaseNode(children: children)
            let location = try DatabasePath("items")
            let indexes: [DatabaseIndex] = [.key, .priority, .value, .child(try DatabasePath("score"))]
            try await store.writeRealtime(namespace: "test", now: 1) { writer in
                try await writer.replace(at: location, with: items)
                var rows: [RealtimeIndexRow] = []
                for index in indexes {
                    guard let name = index.indexOnName else { continue }
                    for entry in items.children {
                        rows.append(
                            RealtimeIndexRow(
                                location: location, name: name, key: entry.key,
                                sortKey: DatabaseSortKey.encode(index.sortValue(of: entry.node), key: entry.key)))
                    }
                }
                try await writer.insertIndexRows(rows)
            }

            // act and assert: 400 random windows
            for round in 0..<400 {
                let index = indexes[Int(random.next() % 4)]
                var query = DatabaseQuery(index: index)
                if random.next() % 2 == 0 { query.start = Self.randomBound(index, &random, start: true) }
                if random.next() % 2 == 0 { query.end = Self.randomBound(index, &random, start: false) }
                switch random.next() % 3 {
                case 0: query.limit = .first(Int(random.next() % 6) + 1)
                case 1: query.limit = .last(Int(random.next() % 6) + 1)
                default: break
                }
                let expected = query.window(of: items).map(\.key)
                let range = DatabaseSortKey.range(of: query)
                let asked = query
                let got = try await store.readRealtime(namespace: "test") { tree in
                    try await tree.childKeys(
                        at: location, by: asked.index, lower: range.lower, upper: range.upper, limit: asked.limit)
                }
                #expect(got == expected, "round \(round): \(query)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func children_are_read_whole_in_the_order_asked(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            var children: [String: DatabaseNode] = [:]
            for number in 0..<70 { children["k\(number)"] = DatabaseNode(children: ["n": .number(Double(number))]) }
            let location = try DatabasePath("many")
            let many = DatabaseNode(children: children)
            try await store.writeRealtime(namespace: "test", now: 1) { try await $0.replace(at: location, with: many) }
            let asked = ["k69", "k3", "missing", "k40"] + (0..<40).map { "k\($0 + 10)" }

            // act
            let read = try await store.readRealtime(namespace: "test") {
                try await $0.children(at: location, keys: asked)
            }

            // assert
            #expect(read.map(\.key) == asked.filter { $0 != "missing" })
            #expect(read.allSatisfy { $0.node == children[$0.key] })
        }
    }
}
