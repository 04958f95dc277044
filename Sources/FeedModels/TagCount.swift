import Foundation

/// A tag and how many photos of a result set carry it.
public struct TagCount: Codable, Sendable, Hashable {
    public var title: String
    public var count: Int

    public init(title: String, count: Int) {
        self.title = title
        self.count = count
    }
}
