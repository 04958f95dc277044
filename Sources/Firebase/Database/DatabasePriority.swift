/// A priority: Firebase orders children by it under `orderByPriority` (no priority first, then numbers, then
/// strings). Mirrors the priority leaf of firebase-js-sdk `core/snap/LeafNode.ts` (`priorityHashText`) and
/// `isValidPriority` in `core/util/validation.ts`.
public enum DatabasePriority: Sendable, Hashable, Comparable {
    /// A number priority.
    case number(Double)
    /// A string priority.
    case string(String)

    /// Numbers before strings; numbers numerically, strings by UTF-16 code units.
    public static func < (lhs: DatabasePriority, rhs: DatabasePriority) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return a < b
        case (.string(let a), .string(let b)): return FirebaseKeyOrder.compareCodeUnits(a, b) < 0
        case (.number, .string): return true
        case (.string, .number): return false
        }
    }
}
