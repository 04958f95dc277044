import Foundation

/// The JSON coders both sides of the wire use.
///
/// Dates are ISO-8601 without fractional seconds (`2024-05-01T12:00:00Z`): two of the iOS clients decode with
/// `.iso8601`, which rejects fractions, and one bad date fails a whole feed.
public enum FeedJSON {
    /// An encoder for API responses.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    /// A decoder for API responses.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
