import FeedLibrary

/// A resumable chunk's `Content-Range`: `bytes first-last/total`, with `*` for an unknown total or for no bytes.
struct ContentRange {
    var first: Int64?
    var last: Int64?
    var total: Int64?

    init(_ header: String?) throws(FirebaseStorageError) {
        guard let header else { return }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("bytes ") else { throw .invalidArgument("Content-Range must start with \"bytes \".") }
        let parts = text.dropFirst(6).split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .invalidArgument("Content-Range must be bytes first-last/total.") }
        if parts[1] != "*" {
            guard let total = Int64(parts[1]), total >= 0 else {
                throw .invalidArgument("The Content-Range total is not a number.")
            }
            self.total = total
        }
        if parts[0] != "*" {
            let bounds = parts[0].split(separator: "-").map { Int64($0) }
            guard bounds.count == 2, let first = bounds[0], let last = bounds[1], first >= 0, last >= first else {
                throw .invalidArgument("The Content-Range bytes are not first-last.")
            }
            self.first = first
            self.last = last
        }
    }
}
