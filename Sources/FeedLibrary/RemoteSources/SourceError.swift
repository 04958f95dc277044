import FeedKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a source could not be read.
public struct SourceError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// The source itself is unavailable (it kept refusing, or asks to wait too long): every further request of the
    /// sync would meet the same, so the sync ends and the next one resumes.
    public var endsSync = false

    public init(_ description: String, endsSync: Bool = false) {
        self.description = description
        self.endsSync = endsSync
    }
}
