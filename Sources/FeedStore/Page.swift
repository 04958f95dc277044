import FeedModels
import Foundation

/// A page of a list: the items and the size of the whole list.
public struct Page<Item: Sendable & Hashable>: Sendable, Hashable {
    public var items: [Item]
    public var total: Int

    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}
