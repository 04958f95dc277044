import Foundation

/// The items of a ``Pages`` list, one at a time; a page is loaded when the previous one is used up.
public struct PageItems<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item
    let pages: Pages<Item>

    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: pages.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        var pages: Pages<Item>.Iterator
        var buffer: ArraySlice<Item> = []

        public mutating func next() async throws -> Item? {
            while buffer.isEmpty {
                guard let page = try await pages.next() else { return nil }
                buffer = page.items[...]
            }
            return buffer.popFirst()
        }
    }
}
