import FeedLibrary
import HTTPTypes
import Hummingbird

/// Identity Toolkit's and securetoken's web API key: a registered app's access key (`imagefeed apps create`), in
/// `?key=` or `X-Goog-Api-Key`. Admin calls need none.
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let credentials: CredentialDirectory
    /// The API the key is checked for, as Google names it in its refusal.
    let service: String

    static let header = HTTPField.Name("X-Goog-Api-Key")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if context.firebaseCaller.isAdmin { return try await next(request, context) }
        let key = QueryParameters(request.uri.query)["key"] ?? request.headers[Self.header]
        guard let key, !key.isEmpty else { throw GoogleRequestError.missingAPIKey }
        guard await credentials.isKnown("client-id:" + key) else {
            throw GoogleRequestError.invalidAPIKey(service: service)
        }
        return try await next(request, context)
    }
}
