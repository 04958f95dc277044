import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A top-level value of a JSON body: text as a form would have carried it, or what it is when it is not text.
enum JSONScalar: Decodable {
    case text(String)
    /// A number, as its text.
    case number(String)
    /// `true` or `false`, as its text.
    case bool(String)
    case null
    /// An object or an array, named for messages ("an object").
    case nested(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool ? "true" : "false")
        } else if let integer = try? container.decode(Int.self) {
            self = .number(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .number(String(number))
        } else if let string = try? container.decode(String.self) {
            self = .text(string)
        } else if (try? container.decode([JSONScalar].self)) != nil {
            self = .nested("an array")
        } else {
            self = .nested("an object")
        }
    }
}
