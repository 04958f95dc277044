import FeedStore
import Firebase

/// The data the rules read, fetched from the store as they ask for it: the rules evaluate synchronously, so a read
/// they need that is not here yet stops the evaluation (``Miss``); ``RulesEvaluation`` fetches it and evaluates
/// again. Rules read little (a few nodes at most), and evaluation is deterministic over the same data.
struct PrefetchedSnapshot: DatabaseSnapshotSource {
    /// A read the evaluation needs first.
    enum Miss: Error {
        case node(DatabasePath)
        case summary(DatabasePath)
    }

    var nodes: [DatabasePath: DatabaseNode] = [:]
    var summaries: [DatabasePath: DatabaseNodeSummary] = [:]

    func node(at path: DatabasePath) throws -> DatabaseNode {
        if let node = cachedNode(at: path) { return node }
        throw Miss.node(path)
    }

    func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
        if let summary = summaries[path] { return summary }
        if let node = cachedNode(at: path) { return DatabaseNodeSummary(node) }
        throw Miss.summary(path)
    }

    /// The node at `path` from a fetched node at or above it.
    private func cachedNode(at path: DatabasePath) -> DatabaseNode? {
        var ancestor: DatabasePath? = path
        while let current = ancestor {
            if let node = nodes[current] { return node.node(at: current.relative(path)!) }
            ancestor = current.parent
        }
        return nil
    }
}

/// Evaluates rules against a ``RealtimeTree``, fetching what they read.
enum RulesEvaluation {
    /// The most reads one evaluation may make.
    static let maximumReads = 256

    /// `evaluate` over the data of `tree`, run again after each read it needs; nodes read whole are limited to
    /// `maximumNodes`.
    static func run<Result>(
        in tree: RealtimeTree, maximumNodes: Int, _ evaluate: (PrefetchedSnapshot) throws -> Result
    ) async throws -> Result {
        var snapshot = PrefetchedSnapshot()
        for _ in 0...maximumReads {
            do {
                return try evaluate(snapshot)
            } catch let miss as PrefetchedSnapshot.Miss {
                switch miss {
                case .node(let path):
                    do {
                        snapshot.nodes[path] = try await tree.node(at: path, maximumNodes: maximumNodes)
                    } catch is RealtimeTooLarge {
                        throw DatabaseServiceError.tooBig
                    }
                case .summary(let path):
                    snapshot.summaries[path] = try await tree.summary(at: path)
                }
            }
        }
        throw DatabaseServiceError(
            status: 400, "The rules read more data than one request may (\(maximumReads) reads).")
    }
}

extension DatabaseNodeSummary {
    /// A node standing in for this summary where only its kind, leaf value and priority matter (server values and
    /// sort keys): an object is a one-child object.
    var sketch: DatabaseNode {
        switch kind {
        case .null: return .null
        case .leaf(let value): return DatabaseNode(value, priority: priority)
        case .children: return DatabaseNode(children: ["": .bool(true)], priority: priority)
        }
    }
}
