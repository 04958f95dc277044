/// The order of search results (`order_by` on `/search/photos`).
public enum SearchSort: String, Sendable, CaseIterable {
    case relevant, latest
}
