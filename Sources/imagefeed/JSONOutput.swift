import ArgumentParser
import FeedStore
import Foundation

/// Writes `value` to standard output as JSON with snake_case keys, sorted, on one line.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
