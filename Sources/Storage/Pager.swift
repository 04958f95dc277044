import Foundation

/// The state of a paged listing; an actor because `AsyncThrowingStream(unfolding:)` wants a `@Sendable` closure.
actor Pager<Element: Sendable, Cursor: Sendable> {
    let fetch: @Sendable (Cursor?) async throws -> (elements: [Element], next: Cursor?)
    var buffered: [Element] = []
    var cursor: Cursor?
    var finished = false

    init(next: @escaping @Sendable (Cursor?) async throws -> (elements: [Element], next: Cursor?)) {
        self.fetch = next
    }

    func next() async throws -> Element? {
        while buffered.isEmpty {
            if finished { return nil }
            let page = try await fetch(cursor)
            buffered = page.elements.reversed()
            cursor = page.next
            finished = page.next == nil
        }
        return buffered.popLast()
    }
}
