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
