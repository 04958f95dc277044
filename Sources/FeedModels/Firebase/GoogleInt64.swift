import Foundation

/// A 64-bit integer as Google's JSON APIs carry it: a string (`"1700000000"`) in answers; a string or a number in
/// requests, since clients send both (firebase-admin sends `validSince` as a number).
public struct GoogleInt64: Codable, Sendable, Hashable, ExpressibleByIntegerLiteral {
    public var value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    public init(integerLiteral value: Int64) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Int64(text) {
            value = number
        } else {
            throw DecodingError.typeMismatch(
                Int64.self, .init(codingPath: decoder.codingPath, debugDescription: "Expected an int64 (TYPE_INT64)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}
