/// The parsed form of a Storage rules file.
struct StorageRulesFile: Sendable {
    var version: Int
    var functions: [StorageFunction]
    var matches: [StorageMatch]
}
