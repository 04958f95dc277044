import FeedKit
import FeedModels
import FeedStore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Pixabay error answer: its status and its plain-text words.
struct PixabayAnswerError: Error, CustomStringConvertible {
    var status: Int
    var message: String
    var description: String { "Pixabay answered HTTP \(status): \(message)" }
}
