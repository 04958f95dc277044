/// One `.indexOn` of a rules document: the locations it covers (literal keys and `$wildcards` from the root) and
/// the indexes it declares for their children (child paths, or `.value`).
///
/// Mirrors https://firebase.google.com/docs/database/security/indexing-data: an index is declared at the location
/// whose children it orders, so `"dinosaurs": {".indexOn": ["height"]}` covers `/dinosaurs`, and under a wildcard
/// (`"$uid": {"items": {".indexOn": "date"}}`) every location the wildcard matches. A store that keeps index rows
/// uses these to find every location an index must cover when the rules change.
public struct DatabaseIndexDeclaration: Sendable, Hashable {
    /// One level of the covered locations.
    public enum Key: Sendable, Hashable {
        /// This key exactly.
        case literal(String)
        /// Any key (the rules' `$name`).
        case wildcard(String)
    }

    /// The levels from the root down to the indexed location.
    public let location: [Key]
    /// The indexes, as `.indexOn` lists them.
    public let names: [String]

    /// The index each name stands for: `.value` is ``DatabaseIndex/value``, anything else a child path.
    public var indexes: [DatabaseIndex] { names.compactMap(DatabaseIndex.init(indexOnName:)) }
}

extension DatabaseIndex {
    /// The index an `.indexOn` entry declares: `.value` or a child path (nil for anything else, which the rules
    /// compiler refuses).
    public init?(indexOnName name: String) {
        if name == ".value" {
            self = .value
            return
        }
        guard let path = try? DatabasePath(name), !path.isRoot else { return nil }
        self = .child(path)
    }
}

extension DatabaseRules {
    /// Every `.indexOn` of the document, outermost first.
    public var indexDeclarations: [DatabaseIndexDeclaration] {
        var declarations: [DatabaseIndexDeclaration] = []
        collectIndexDeclarations(root, location: [], into: &declarations)
        return declarations
    }

    private func collectIndexDeclarations(
        _ node: RulesNode, location: [DatabaseIndexDeclaration.Key], into declarations: inout [DatabaseIndexDeclaration]
    ) {
        if !node.indexOn.isEmpty {
            declarations.append(DatabaseIndexDeclaration(location: location, names: node.indexOn))
        }
        for key in node.children.keys.sorted(by: FirebaseKeyOrder.areInIncreasingOrder) {
            collectIndexDeclarations(node.children[key]!, location: location + [.literal(key)], into: &declarations)
        }
        if let wildcard = node.wildcard {
            collectIndexDeclarations(
                wildcard.node, location: location + [.wildcard(wildcard.name)], into: &declarations)
        }
    }

    /// True when some `.indexOn` covers a location at or below `path` (so a write there may change index rows).
    public func declaresIndexes(atOrBelow path: DatabasePath) -> Bool {
        var levels: [RulesNode] = [root]
        for key in path.segments {
            levels = levels.compactMap { $0.child(key)?.node }
            if levels.isEmpty { return false }
        }
        return levels.contains { $0.hasIndexes }
    }
}
