/// A query string's values as they were sent, percent escapes and all: object names are decoded and checked by
/// ``ObjectName``, which refuses what is not UTF-8 (``QueryParameters`` would keep such escapes as they are).
struct RawQuery {
    let query: String?

    init(_ query: String?) {
        self.query = query
    }

    subscript(name: String) -> String? {
        guard let query else { return nil }
        for part in query.split(separator: "&") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pieces[0] == name { return pieces.count > 1 ? String(pieces[1]) : "" }
        }
        return nil
    }
}
