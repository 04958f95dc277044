import FeedStore
import Firebase

extension RealtimeDatabase {
    /// Brings the index rows of the rules' `.indexOn` up to date after `writes` (already applied in `writer`):
    /// the rows of every child at or below each written path go, the rows of the children each written path lies
    /// under are computed again from the data as it now is, and the rows of the written nodes' own indexed
    /// locations are made from the written values.
    func maintainIndexes(
        after writes: [(path: DatabasePath, node: DatabaseNode)], rules: DatabaseRules, in writer: RealtimeWriter
    ) async throws {
        guard !rules.indexDeclarations.isEmpty else { return }
        var rows: [RealtimeIndexRow] = []
        for write in writes where !write.path.isPriority {
            let path = write.path
            if rules.declaresIndexes(atOrBelow: path.parent ?? .root) {
                try await writer.removeIndexRows(atOrBelow: path)
            }
            // Each indexed location above the written path has one child whose value may have changed.
            var location = DatabasePath.root
            for depth in 0..<path.depth {
                let child = location.child(path.segments[depth])
                for declared in rules.indexOn(at: location) {
                    // Rows are named by the index's normal form, which is what queries look them up by.
                    guard let index = DatabaseIndex(indexOnName: declared), let name = index.indexOnName else {
                        continue
                    }
                    if depth < path.depth - 1 { try await writer.removeIndexRow(child: child, name: name) }
                    let exists = try await writer.tree.summary(at: child, countingChildren: false).exists
                    guard exists else { continue }
                    let value = try await sortValue(of: child, under: index, in: writer.tree)
                    rows.append(
                        RealtimeIndexRow(
                            location: location, name: name, key: child.lastKey!,
                            sortKey: DatabaseSortKey.encode(value, key: child.lastKey!)))
                }
                location = child
            }
            if !write.node.isNull, rules.declaresIndexes(atOrBelow: path) {
                Self.indexRows(of: write.node, at: path, rules: rules, into: &rows)
            }
        }
        try await writer.insertIndexRows(rows)
    }

    /// The value the child at `child` is ordered by under `index`, from the store (an object stands as any object:
    /// all objects sort alike).
    func sortValue(of child: DatabasePath, under index: DatabaseIndex, in tree: RealtimeTree) async throws
        -> DatabaseNode
    {
        switch index {
        case .child(let relative):
            return try await tree.summary(at: child.appending(relative), countingChildren: false).sketch
        default:
            return try await tree.summary(at: child, countingChildren: false).sketch
        }
    }

    /// The index rows of the locations inside `node`, written at `path`.
    static func indexRows(
        of node: DatabaseNode, at path: DatabasePath, rules: DatabaseRules, into rows: inout [RealtimeIndexRow]
    ) {
        guard node.hasChildren else { return }
        for declared in rules.indexOn(at: path) {
            guard let index = DatabaseIndex(indexOnName: declared), let name = index.indexOnName else { continue }
            for entry in node.children {
                rows.append(
                    RealtimeIndexRow(
                        location: path, name: name, key: entry.key,
                        sortKey: DatabaseSortKey.encode(index.sortValue(of: entry.node), key: entry.key)))
            }
        }
        for entry in node.children where entry.node.hasChildren {
            let childPath = path.child(entry.key)
            if rules.declaresIndexes(atOrBelow: childPath) {
                indexRows(of: entry.node, at: childPath, rules: rules, into: &rows)
            }
        }
    }

    /// Builds the namespace's index rows afresh for `rules` (after its rules changed): every location each
    /// `.indexOn` covers, found by following its wildcards through the data, and each of their children.
    func rebuildIndexes(rules: DatabaseRules, in writer: RealtimeWriter) async throws {
        try await writer.removeAllIndexRows()
        for declaration in rules.indexDeclarations {
            var locations: [DatabasePath] = [.root]
            for key in declaration.location {
                var next: [DatabasePath] = []
                for location in locations {
                    switch key {
                    case .literal(let name):
                        next.append(location.child(name))
                    case .wildcard:
                        for child in try await writer.tree.childKeys(at: location) {
                            next.append(location.child(child))
                        }
                    }
                }
                locations = next
            }
            // A literal key beside a wildcard takes that key out of the wildcard's rules: keep only the locations
            // whose rules are this declaration's.
            for location in locations where rules.indexOn(at: location) == declaration.names {
                let keys = try await writer.tree.childKeys(at: location)
                var rows: [RealtimeIndexRow] = []
                for index in declaration.indexes {
                    guard let name = index.indexOnName else { continue }
                    for key in keys {
                        let value = try await sortValue(of: location.child(key), under: index, in: writer.tree)
                        rows.append(
                            RealtimeIndexRow(
                                location: location, name: name, key: key,
                                sortKey: DatabaseSortKey.encode(value, key: key)))
                    }
                }
                try await writer.insertIndexRows(rows)
            }
        }
    }
}
