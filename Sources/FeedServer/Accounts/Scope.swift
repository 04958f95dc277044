/// OAuth scopes, as Unsplash names them.
public enum Scope: String, Sendable, CaseIterable, Hashable {
    case `public`
    case readUser = "read_user"
    case writeUser = "write_user"
    case readPhotos = "read_photos"
    case writePhotos = "write_photos"
    case writeLikes = "write_likes"
    case writeFollowers = "write_followers"
    case readCollections = "read_collections"
    case writeCollections = "write_collections"

    /// What the consent page says each scope allows.
    var summary: String {
        switch self {
        case .public: "See your public photos, albums and profile"
        case .readUser: "See your email address and private profile details"
        case .writeUser: "Change your profile"
        case .readPhotos: "See private details of your photos"
        case .writePhotos: "Upload, edit and delete your photos"
        case .writeLikes: "Like and unlike photos for you"
        case .writeFollowers: "Follow and unfollow people for you"
        case .readCollections: "See your private albums"
        case .writeCollections: "Create, change and delete your albums"
        }
    }

    /// Splits a scope parameter on spaces, `+` and commas (clients send all three), keeping the order given and
    /// dropping repeats. Unknown names are returned separately.
    static func parse(_ text: String) -> (scopes: [Scope], unknown: [String]) {
        var scopes: [Scope] = []
        var unknown: [String] = []
        for name in text.split(whereSeparator: { $0 == " " || $0 == "+" || $0 == "," }).map(String.init) {
            if let scope = Scope(rawValue: name) {
                if !scopes.contains(scope) { scopes.append(scope) }
            } else {
                unknown.append(name)
            }
        }
        return (scopes, unknown)
    }
}
