import FeedModels
import Foundation
import SQLKit

/// A value kept as JSON text in a column: `photos.attribution` (a source's credit, read with the row so that lists
/// need no join) and `source_photos.hotlink`.
enum JSONColumn {
    static func encode(_ value: (some Encodable)?) -> String? {
        guard let value, let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ text: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}
