import Foundation

/// Extension: facts about the original file.
public struct OriginalFile: Codable, Sendable, Hashable {
    public var bytes: Int
    public var format: String

    public init(bytes: Int, format: String) {
        self.bytes = bytes
        self.format = format
    }
}
