import Foundation

/// A full user's empty `tags`.
struct UserTagsWriter: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("custom", [Tag]())
            json.key("aggregated", [Tag]())
        }
    }
}
