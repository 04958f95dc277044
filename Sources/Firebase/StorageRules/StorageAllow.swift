/// `allow read, write: if <condition>;`
struct StorageAllow: Sendable {
    var operations: Set<StorageOperation>
    var methodsText: String
    var condition: StorageExpression?
    var line: Int
    var column: Int
}
