import FeedModels
import Foundation

/// A user row.
public struct UserRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var username: String
    public var firstName: String
    public var lastName: String?
    public var email: String?
    public var bio: String?
    public var location: String?
    public var portfolioURL: String?
    public var instagramUsername: String?
    public var totalPhotos: Int
    public var totalLikes: Int
    public var totalCollections: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// The uploaded avatar's original (content-addressed like photos), when one was uploaded.
    public var avatarSHA256: String?
    public var avatarFormat: String?
    /// The device chosen for wallpaper downloads (an id of the device catalogue).
    public var deviceID: String?
    /// The language chosen for the web app and the server's pages (a catalogue's code); nil follows the browser.
    /// Read only with the account's own columns (not for the owner of each photo of a list).
    public var language: String? = nil
    /// Whether the exact coordinates of this user's photos are public; otherwise they are rounded to about 1 km.
    public var exactLocationPublic: Bool
    /// The stable numeric id the Flickr, Pixabay and JSONPlaceholder dialects use.
    public var number: Int64 = 0
    /// Postal address and contact details, as JSONPlaceholder's users carry them.
    public var contact = ContactDetails()

    /// First and last name, or `""` when neither is set.
    public var fullName: String { [firstName, lastName ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }

    /// The name to show: the full name, or the username when there is none.
    public var displayName: String { fullName.isEmpty ? username : fullName }
}
