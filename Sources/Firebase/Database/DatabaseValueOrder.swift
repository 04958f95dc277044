/// Firebase's order of values: null < false < true < numbers (numerically) < strings (by UTF-16 code units) <
/// objects (all equal to each other, so their keys decide).
///
/// Mirrors `compareTo` of firebase-js-sdk `core/snap/LeafNode.ts` (`VALUE_TYPE_ORDER`) and `ChildrenNode.ts`.
/// Priorities are not part of a value's order.
public enum DatabaseValueOrder {
    /// The rank of a value's type: 0 null, 1 false, 2 true, 3 number, 4 string, 5 object.
    public static func rank(_ node: DatabaseNode) -> Int {
        switch node.value {
        case .null: return 0
        case .bool(let value): return value ? 2 : 1
        case .number: return 3
        case .string: return 4
        case .children: return 5
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    public static func compare(_ a: DatabaseNode, _ b: DatabaseNode) -> Int {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        switch (a.value, b.value) {
        case (.number(let x), .number(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)): return FirebaseKeyOrder.compareCodeUnits(x, y)
        default: return 0
        }
    }
}
