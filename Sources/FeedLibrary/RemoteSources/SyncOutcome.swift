import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// What happened to one photo of a sync.
public enum SyncOutcome: Sendable, Hashable {
    case added(photoID: String)
    case updated(photoID: String)
    case unchanged(photoID: String)
    case failed(reason: String)
}
