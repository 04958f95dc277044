import ArgumentParser
import FeedStore
import Foundation

/// `--json`: what a command made or found, as one JSON document on standard output, for scripts (the e2e harness,
/// the benchmarks, deployment tooling) that would otherwise parse the sentences written for people.
struct JSONOutputOption: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print the result as JSON (snake_case keys) instead of sentences.")
    var isEnabled = false
}

/// Writes `value` to standard output as JSON with snake_case keys, sorted, on one line.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// `users create --json`.
struct CreatedUserOutput: Encodable {
    var id: String
    var username: String
    var email: String?
}

/// `apps create --json`: the keys are shown once, here, and never again (only a hash of the secret is kept).
struct CreatedAppOutput: Encodable {
    var id: String
    var name: String
    var accessKey: String
    /// Nil for a public app, which has none.
    var secretKey: String?
    var oauth1Secret: String?
    var isPublic: Bool
    var redirectUris: [String]
}

/// One element of `sources list --json`.
struct SourceOutput: Encodable {
    var name: String
    var kind: String
    var apiUrl: String
    /// The key's last four characters, or nil without a key: the key itself is never printed.
    var keySuffix: String?
    var options: [String: String]
    var photoCount: Int
    var lastSyncAt: Date?
    var lastSyncSummary: String?

    init(_ source: SourceRecord) {
        name = source.name
        kind = source.kind
        apiUrl = source.apiURL
        keySuffix = source.credential.isEmpty ? nil : String(source.credential.suffix(4))
        options = source.options
        photoCount = source.photoCount
        lastSyncAt = source.lastSyncAt
        lastSyncSummary = source.lastSyncSummary
    }
}
