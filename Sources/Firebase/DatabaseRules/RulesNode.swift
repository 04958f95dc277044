/// One level of the rules tree.
final class RulesNode: Sendable {
    let read: CompiledRule?
    let write: CompiledRule?
    let validate: CompiledRule?
    let indexOn: [String]
    let children: [String: RulesNode]
    let wildcard: (name: String, node: RulesNode)?
    /// True when this level or any below it declares an index (kept so that writes can skip index work cheaply).
    let hasIndexes: Bool

    init(
        read: CompiledRule?, write: CompiledRule?, validate: CompiledRule?, indexOn: [String],
        children: [String: RulesNode], wildcard: (name: String, node: RulesNode)?
    ) {
        self.read = read
        self.write = write
        self.validate = validate
        self.indexOn = indexOn
        self.children = children
        self.wildcard = wildcard
        hasIndexes =
            !indexOn.isEmpty || children.values.contains { $0.hasIndexes } || (wildcard?.node.hasIndexes ?? false)
    }

    /// The rules for `key` below this level, and the wildcard it binds, if any: a literal key wins over a wildcard.
    func child(_ key: String) -> (node: RulesNode, binding: (String, String)?)? {
        if let literal = children[key] { return (literal, nil) }
        if let wildcard { return (wildcard.node, (wildcard.name, key)) }
        return nil
    }
}
