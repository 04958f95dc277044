import Foundation

/// A full photo's `meta`.
struct PhotoMetaWriter: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in json.key("index", true) }
    }
}
