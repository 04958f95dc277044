import Foundation

/// `{}`.
struct EmptyObject: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.object { _ in }
    }
}
