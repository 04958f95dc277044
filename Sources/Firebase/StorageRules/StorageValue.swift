import Foundation

/// A value while a Storage rule runs.
indirect enum StorageValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case float(Double)
    case string(String)
    case list([StorageValue])
    case map([String: StorageValue])
    case path([String])
    /// Milliseconds since 1970.
    case timestamp(Int64)
    /// Milliseconds.
    case duration(Int64)
    /// The `timestamp` and `duration` namespaces, which only offer constructors.
    case namespace(String)

    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 9.2e18 {
                self = .integer(Int64(value))
            } else {
                self = .float(value)
            }
        case .string(let value): self = .string(value)
        case .array(let items): self = .list(items.map(StorageValue.init(json:)))
        case .object(let members): self = .map(members.mapValues(StorageValue.init(json:)))
        }
    }

    init(metadata: StorageObjectMetadata?) {
        guard let metadata else {
            self = .null
            return
        }
        var members: [String: StorageValue] = [
            "name": .string(metadata.name), "bucket": .string(metadata.bucket), "size": .integer(metadata.size),
            "metadata": .map(metadata.metadata.mapValues(StorageValue.string)),
            "contentType": metadata.contentType.map(StorageValue.string) ?? .null,
            "md5Hash": metadata.md5Hash.map(StorageValue.string) ?? .null,
        ]
        if let created = metadata.timeCreated { members["timeCreated"] = .timestamp(created) }
        if let updated = metadata.updated { members["updated"] = .timestamp(updated) }
        self = .map(members)
    }

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .integer: return "int"
        case .float: return "float"
        case .string: return "string"
        case .list: return "list"
        case .map: return "map"
        case .path: return "path"
        case .timestamp: return "timestamp"
        case .duration: return "duration"
        case .namespace(let name): return name
        }
    }

    var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .float(let value): return value
        default: return nil
        }
    }
}
