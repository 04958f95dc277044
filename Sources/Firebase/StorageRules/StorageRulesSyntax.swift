/// The parsed form of a Storage rules file.
struct StorageRulesFile: Sendable {
    var version: Int
    var functions: [StorageFunction]
    var matches: [StorageMatch]
}

/// A `match` block: its path segments, its allows, functions and nested matches.
struct StorageMatch: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case single(String)
        case recursive(String)
    }

    var segments: [Segment]
    var allows: [StorageAllow]
    var functions: [StorageFunction]
    var matches: [StorageMatch]
    var line: Int
    var column: Int
}

/// `allow read, write: if <condition>;`
struct StorageAllow: Sendable {
    var operations: Set<StorageOperation>
    var methodsText: String
    var condition: StorageExpression?
    var line: Int
    var column: Int
}

/// `function name(a, b) { let x = …; return …; }`
struct StorageFunction: Sendable {
    var name: String
    var parameters: [String]
    var lets: [(String, StorageExpression)]
    var body: StorageExpression
    var line: Int
    var column: Int
}

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
