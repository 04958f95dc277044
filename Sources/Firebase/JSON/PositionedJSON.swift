/// A parsed JSON value that remembers where it started, so rules errors can name a line and a bad key can be
/// reported at its place ("couldn't parse key beginning at 1:2").
struct PositionedJSON: Sendable {
    indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([PositionedJSON])
        /// Members in document order, duplicates kept (the converter lets the last one win).
        case object([Member])
    }

    struct Member: Sendable {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var value: PositionedJSON
    }

    var kind: Kind
    var line: Int
    var column: Int

    /// The plain value, duplicate keys resolved as `JSON.parse` does (the last wins).
    var plain: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.plain))
        case .object(let members):
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for member in members { result[member.key] = member.value.plain }
            return .object(result)
        }
    }
}
