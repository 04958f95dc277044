import Testing

@testable import Firebase

@Suite struct SnapshotSourceTests {
    /// A random tree of a few levels over a small key alphabet, so writes often land on existing nodes.
    func randomTree(_ random: inout SeededRandom, depth: Int) -> DatabaseNode {
        if depth == 0 || random.next() % 3 == 0 {
            switch random.next() % 4 {
            case 0: return .null
            case 1: return .number(Double(random.next() % 5))
            case 2: return .string("s\(random.next() % 3)", priority: random.next() % 4 == 0 ? .number(1) : nil)
            default: return .bool(true)
            }
        }
        var children: [String: DatabaseNode] = [:]
        for key in ["a", "b", "c"] where random.next() % 2 == 0 {
            children[key] = randomTree(&random, depth: depth - 1)
        }
        return DatabaseNode(children: children, priority: random.next() % 5 == 0 ? .string("p") : nil)
    }

    func randomPath(_ random: inout SeededRandom, maximumDepth: Int) -> DatabasePath {
        let depth = Int(random.next() % UInt64(maximumDepth + 1))
        var keys = (0..<depth).map { _ in ["a", "b", "c"][Int(random.next() % 3)] }
        if !keys.isEmpty, random.next() % 6 == 0 { keys[keys.count - 1] = ".priority" }
        return DatabasePath(trusted: keys)
    }

    @Test func the_overlay_reads_what_the_written_tree_holds() throws {
        // setup
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<400 {
            let base = randomTree(&random, depth: 4)
            var writes: [(path: DatabasePath, node: DatabaseNode)] = []
            for _ in 0..<Int(1 + random.next() % 3) {
                let target = randomPath(&random, maximumDepth: 3)
                let value =
                    target.isPriority ? DatabaseNode.number(Double(random.next() % 3)) : randomTree(&random, depth: 2)
                writes.append((target, value))
            }
            var expected = base
            for write in writes { expected = expected.setting(write.node, at: write.path) }
            // act
            let overlay = OverlaySnapshotSource(base: InMemorySnapshotSource(root: base), writes: writes)
            // assert: every location of the three-letter tree reads the same through the overlay
            for _ in 0..<12 {
                var location = randomPath(&random, maximumDepth: 4)
                if location.isPriority { location = location.parent! }
                #expect(try overlay.node(at: location) == expected.node(at: location), "\(writes) at \(location)")
                #expect(
                    try overlay.summary(at: location) == DatabaseNodeSummary(expected.node(at: location)),
                    "\(writes) at \(location)")
            }
        }
    }

    @Test func a_summary_of_a_big_parent_reads_only_summaries_below_the_writes() throws {
        // setup: a base whose whole-node reads fail, as a store would refuse to load a huge parent
        struct SummariesOnly: DatabaseSnapshotSource {
            let root: DatabaseNode
            func node(at path: DatabasePath) throws -> DatabaseNode {
                throw DatabaseError(.invalidData, "whole node read at \(path)")
            }
            func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
                DatabaseNodeSummary(root.node(at: path))
            }
        }
        let base = try node(#"{"users":{"a":1,"b":2,"c":3}}"#)
        let overlay = OverlaySnapshotSource(
            base: SummariesOnly(root: base),
            writes: [(path("users/d"), .number(4)), (path("users/a"), .null)])
        // act / assert
        #expect(try overlay.summary(at: path("users")) == DatabaseNodeSummary(kind: .children(count: 3), priority: nil))
        #expect(try overlay.summary(at: .root) == DatabaseNodeSummary(kind: .children(count: 1), priority: nil))
        #expect(try overlay.summary(at: path("users/d")).kind == .leaf(.number(4)))
    }
}
