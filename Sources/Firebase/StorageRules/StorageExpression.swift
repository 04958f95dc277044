/// An expression with its place.
struct StorageExpression: Sendable {
    indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case integer(Int64)
        case float(Double)
        case string(String)
        case list([StorageExpression])
        case map([(String, StorageExpression)])
        case variable(String)
        case member(StorageExpression, String)
        case index(StorageExpression, StorageExpression)
        /// A method call on a value (`x.matches(…)`) or, with a nil receiver, a function call (`isOwner(uid)`).
        case call(StorageExpression?, String, [StorageExpression])
        case unary(String, StorageExpression)
        case binary(String, StorageExpression, StorageExpression)
        case isType(StorageExpression, String)
        case conditional(StorageExpression, StorageExpression, StorageExpression)
    }

    var kind: Kind
    var line: Int
    var column: Int
}
