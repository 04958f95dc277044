import FeedLibrary
import FeedStore
import Foundation
import Hummingbird

/// Flickr's OAuth 1.0a sign-in (reference §1.7), as flickrapi drives it: a signed request for a request token, the
/// user's consent on this server's own sign-in and consent pages, then a signed exchange for an access token.
struct FlickrOAuthController: Sendable {
    let store: LibraryStore
    /// How long a request token waits for the user's consent and the exchange.
    static let requestTokenLifetime: TimeInterval = 3600

    func addRoutes(flickr: RouteGroup, pages: RouteGroup) {
        flickr.get("/services/oauth/request_token", use: requestToken)
        flickr.post("/services/oauth/request_token", use: requestToken)
        flickr.get("/services/oauth/access_token", use: accessToken)
        flickr.post("/services/oauth/access_token", use: accessToken)
        pages.get("/services/oauth/authorize", use: authorize)
        pages.post("/services/oauth/authorize", use: decide)
    }

    /// An OAuth 1.0a failure: 401 with `oauth_problem` (RFC 5849 leaves the body to the server; this is the
    /// common extension clients log).
    static func problem(_ problem: String, status: HTTPResponse.Status = .unauthorized) -> Response {
        form([("oauth_problem", problem)], status: status)
    }

    static func form(_ pairs: [(String, String)], status: HTTPResponse.Status = .ok) -> Response {
        let body = pairs.map { OAuth1Request.encode($0.0) + "=" + OAuth1Request.encode($0.1) }.joined(separator: "&")
        return Response(
            status: status, headers: [.contentType: "application/x-www-form-urlencoded", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }

    /// The app of a signed token request, with its consumer secret.
    private func signedApp(_ request: OAuth1Request) async throws -> (OAuthApp, String)? {
        guard let key = request.consumerKey, let app = try await store.app(accessKey: key),
            let secret = app.oauth1Secret
        else { return nil }
        return (app, secret)
    }

    @Sendable func requestToken(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let signed = try await OAuth1Request.read(request, origin: context.origin, maxBody: context.maxUploadSize)
        guard let (app, consumerSecret) = try await signedApp(signed) else {
            return Self.problem("consumer_key_unknown")
        }
        guard signed.hasValidSignature(consumerSecret: consumerSecret, tokenSecret: "") else {
            return Self.problem("signature_invalid")
        }
        // requests-oauthlib (flickrapi) sends the callback as a body parameter, others in the header.
        guard let callback = signed.oauth["oauth_callback"] ?? signed.values["oauth_callback"], !callback.isEmpty else {
            return Self.problem("parameter_absent", status: .badRequest)
        }
        let token = Secrets.make(bytes: 16)
        let secret = Secrets.make(bytes: 16)
        try await store.createOAuth1Token(
            hash: Secrets.hash(token),
            OAuth1Token(
                kind: .request, secret: secret, appID: app.id, callback: callback,
                expiresAt: Date().addingTimeInterval(Self.requestTokenLifetime)
            ))
        return Self.form([("oauth_callback_confirmed", "true"), ("oauth_token", token), ("oauth_token_secret", secret)])
    }

    @Sendable func accessToken(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let signed = try await OAuth1Request.read(request, origin: context.origin, maxBody: context.maxUploadSize)
        guard let (app, consumerSecret) = try await signedApp(signed) else {
            return Self.problem("consumer_key_unknown")
        }
        guard let token = signed.token,
            let verifier = signed.oauth["oauth_verifier"] ?? signed.values["oauth_verifier"],
            let found = try await store.oauth1Token(hash: Secrets.hash(token)), found.token.kind == .request
        else { return Self.problem("token_rejected") }
        guard signed.hasValidSignature(consumerSecret: consumerSecret, tokenSecret: found.token.secret) else {
            return Self.problem("signature_invalid")
        }
        let access = Secrets.make(bytes: 16)
        let accessSecret = Secrets.make(bytes: 16)
        guard
            let user = try await store.exchangeOAuth1Token(
                requestHash: Secrets.hash(token), verifierHash: Secrets.hash(verifier), appID: app.id,
                accessHash: Secrets.hash(access), accessSecret: accessSecret
            )
        else { return Self.problem("verifier_invalid") }
        return Self.form([
            ("fullname", user.fullName), ("oauth_token", access), ("oauth_token_secret", accessSecret),
            ("user_nsid", FlickrPresenter.nsid(user)), ("username", user.username),
        ])
    }

    /// The request token a consent page is about, with its app; nil when it is unknown, expired or already used.
    private func pending(_ token: String?) async throws -> (OAuth1Token, OAuthApp)? {
        guard let token, !token.isEmpty, let found = try await store.oauth1Token(hash: Secrets.hash(token)),
            found.token.kind == .request, found.user == nil,
            let app = try await store.app(id: found.token.appID)
        else { return nil }
        return (found.token, app)
    }

    static func perms(_ raw: String?) -> String {
        if let raw, ["write", "delete"].contains(raw) { return raw }
        return "read"
    }

    @Sendable func authorize(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        guard let (_, app) = try await pending(query["oauth_token"]) else { return Self.expiredPage(context.text) }
        guard case .user(let user, _, .session) = context.caller else {
            let back = "/services/oauth/authorize?" + (request.uri.query ?? "")
            let encoded = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
            return HTMLPage.redirect(to: "/account/login?return_to=\(encoded)")
        }
        let perms = Self.perms(query["perms"])
        let text = context.text
        let asks = [text("page.scope.flickrRead")] + (perms == "read" ? [] : [text("page.scope.flickrWrite")])
        return HTMLPage.consent(
            text, app: app.name, user: user, asks: asks, action: "/services/oauth/authorize",
            hidden: HTMLPage.hidden("oauth_token", query["oauth_token"]) + HTMLPage.hidden("perms", perms)
        )
    }

    @Sendable func decide(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters = try await RequestParameters.collect(request, context: context)
        guard case .user(let user, _, .session) = context.caller else {
            return HTMLPage.message(
                context.text, "page.notSignedIn.title", "page.notSignedIn.text", status: .unauthorized)
        }
        guard let token = try parameters["oauth_token"], let (pending, app) = try await pending(token) else {
            return Self.expiredPage(context.text)
        }
        guard try parameters["decision"] == "allow" else {
            return HTMLPage.message(context.text, "page.denied.title", "page.denied.text", ["app": app.name])
        }
        // Flickr's verifier is nine digits in three groups, short enough to type into an app by hand.
        let verifier = (0..<3).map { _ in String(format: "%03d", Int.random(in: 0...999)) }.joined(separator: "-")
        guard
            try await store.authorizeOAuth1Token(
                hash: Secrets.hash(token), userID: user.id, perms: Self.perms(parameters["perms"]),
                verifierHash: Secrets.hash(verifier)
            )
        else { return Self.expiredPage(context.text) }
        guard let callback = pending.callback, callback != "oob", var components = URLComponents(string: callback)
        else {
            let text = context.text
            return HTMLPage.response(
                text, title: text("page.verifier.title"),
                body: """
                    <h1>\(HTMLPage.escape(text("page.verifier.title")))</h1>
                    <p>\(text.html("page.verifier.text", ["app": text.isolated(app.name)]))</p>
                    <p class="code"><code id="verifier">\(verifier)</code></p>
                    """)
        }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "oauth_token", value: token), URLQueryItem(name: "oauth_verifier", value: verifier),
            ]
        return HTMLPage.redirect(to: components.string ?? callback, status: .found)
    }

    static func expiredPage(_ text: PageText) -> Response {
        HTMLPage.response(
            text, title: text("page.expired.title"), status: .badRequest,
            body: """
                <h1>\(HTMLPage.escape(text("page.expired.heading")))</h1>
                <p>\(HTMLPage.escape(text("page.expired.text")))</p>
                """)
    }
}
