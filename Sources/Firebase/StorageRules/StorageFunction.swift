/// `function name(a, b) { let x = …; return …; }`
struct StorageFunction: Sendable {
    var name: String
    var parameters: [String]
    var lets: [(String, StorageExpression)]
    var body: StorageExpression
    var line: Int
    var column: Int
}
