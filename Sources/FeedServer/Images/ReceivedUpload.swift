import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

/// An uploaded file, streamed to the scratch folder, with the form's text fields.
struct ReceivedUpload: Sendable {
    var path: String
    var size: Int
    var fileName: String?
    var fields: [String: String]

    /// Deletes the scratch file.
    func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
