/// Pixabay's image search answer (`reference/flickr-pixabay-jsonplaceholder.md` §3.2): what the server's Pixabay
/// dialect writes and the Pixabay source reads, one type, so a misspelt key is a compile error on both sides.
public struct PixabayAnswer: Codable, Sendable, Hashable {
    /// Every match.
    public var total: Int
    /// The matches that can be paged through (at most 500).
    public var totalHits: Int
    public var hits: [PixabayHit]

    public init(total: Int, totalHits: Int, hits: [PixabayHit]) {
        self.total = total
        self.totalHits = totalHits
        self.hits = hits
    }
}

extension PixabayAnswer: JSONWritable {
    /// `total` first, as Pixabay writes it (and as some clients' hand-rolled parsers expect).
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("total", total)
            json.key("totalHits", totalHits)
            json.key("hits", hits)
        }
    }
}
