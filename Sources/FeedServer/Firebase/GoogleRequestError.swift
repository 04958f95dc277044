/// A request the Firebase surfaces refuse before any service sees it: its body, its key, its credential.
enum GoogleRequestError: Error, Sendable, Hashable {
    /// The body is not JSON; the parser's complaint.
    case invalidJSON(String)
    /// A field has the wrong type: its path and the type it should have (`TYPE_STRING`).
    case invalidValue(field: String, type: String)
    case bodyTooLarge(limit: Int)
    /// No web API key (`?key=` or `X-Goog-Api-Key`).
    case missingAPIKey
    /// A key that is not a registered app's, for this service (`identitytoolkit.googleapis.com`).
    case invalidAPIKey(service: String)
    /// A bearer token that is neither the admin token nor valid.
    case invalidCredentials
    /// The admin token from an address it is not accepted from.
    case adminFromElsewhere
    /// An admin call without the admin token.
    case adminRequired
    /// A path names another project than the one served.
    case wrongProject(String)
    case rateLimited
}
