import Foundation

/// A value that writes its own JSON, byte for byte what ``FeedJSON/makeEncoder()`` produces for it.
///
/// Foundation's `JSONEncoder` spends most of a feed request in generic container and boxing machinery (a page of 30
/// photos took ~5 ms of CPU); the wire models are few and stable, so the hot ones write themselves directly.
public protocol JSONWritable {
    /// Appends this value's JSON to `writer`.
    func writeJSON(to writer: inout JSONWriter)
}
