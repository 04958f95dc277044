import FeedModels
import Foundation

/// A photographer at a source, who becomes a local person without a password (nobody can sign in as them).
public struct RemoteAuthor: Sendable, Hashable {
    /// Their id at the source.
    public var remoteID: String
    /// Their username at the source; the local username is made from it.
    public var username: String
    public var firstName: String
    public var lastName: String?
    public var bio: String?
    /// Their page at the source.
    public var profileURL: String?

    public init(
        remoteID: String, username: String, firstName: String, lastName: String? = nil, bio: String? = nil,
        profileURL: String? = nil
    ) {
        self.remoteID = remoteID
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.bio = bio
        self.profileURL = profileURL
    }
}
