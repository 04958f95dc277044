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

    /// The catalogue key of what the consent page says each scope allows.
    var summaryKey: String {
        switch self {
        case .public: "page.scope.public"
        case .readUser: "page.scope.readUser"
        case .writeUser: "page.scope.writeUser"
        case .readPhotos: "page.scope.readPhotos"
        case .writePhotos: "page.scope.writePhotos"
        case .writeLikes: "page.scope.writeLikes"
        case .writeFollowers: "page.scope.writeFollowers"
        case .readCollections: "page.scope.readCollections"
        case .writeCollections: "page.scope.writeCollections"
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
