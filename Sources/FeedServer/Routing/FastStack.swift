import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The synchronous twin of a group's middleware stack: what the group's middleware would add to an answer made
/// without waiting, built from the same functions. A group that has none leaves every request to the router.
struct FastStack: Sendable {
    /// The group answers cross-origin requests (CORS).
    var cors = false
    /// The group's rate limiter and how it counts.
    var limiter: (SharedRateLimiter, RateLimitMiddleware.Style)?
    /// The group authenticates callers: only requests without a token or session cookie are answered fast, since
    /// the answer does not depend on who an anonymous caller or an app is — and only from a registered app (the
    /// limiter's key is found only for a key the ``CredentialDirectory`` remembers as real) or, unless keys are
    /// required, from no app at all.
    var authenticates = false
    /// The group refuses callers without a credential (``Configuration/requireClientID``).
    var requiresCredential = false
    /// The group answers reads from the response cache, with the origin its keys need.
    var cache: ResponseCache?
    /// The group counts a successful answer as a view of the photo its `id` parameter names.
    var views: ViewCounter?

    /// The fast responder of a route in this group, from the route's own (`route`, when it has one).
    func responder(_ route: FastResponder?) -> FastResponder? {
        if let cache {
            return { request in self.respond(request) { Self.cachedAnswer(request, cache) } }
        }
        guard let route else { return nil }
        return { request in self.respond(request) { route(request) } }
    }

    private func respond(_ request: FastRequest, _ answer: () -> ImmediateResponse?) -> ImmediateResponse? {
        let fields = request.head.headerFields
        if authenticates {
            if let authorization = fields[.authorization], authorization.lowercased().hasPrefix("bearer") { return nil }
            if fields[.cookie]?.contains(SessionCookie.name) == true { return nil }
            if requiresCredential, ClientKey.from(request.head) == nil { return nil }
        }
        guard var response = answer() else { return nil }
        if let (limiter, style) = limiter {
            guard let key = style.keyWithoutWaiting(request.head, remoteAddress: request.remoteAddress),
                let state = limiter.hitWithoutWaiting(key)
            else { return nil }
            style.report(state, in: &response.headers)
        }
        if cors, fields[.origin] != nil { CORSHeadersMiddleware<FeedRequestContext>.allow(&response.headers) }
        views?.record(
            answer: response.status, to: request.head.method, photo: request.parameter("id").map(String.init),
            userID: nil,
            address: request.remoteAddress
        )
        return response
    }

    /// The response cache's answer for an anonymous GET, when it holds one in the current generation.
    static func cachedAnswer(_ request: FastRequest, _ cache: ResponseCache) -> ImmediateResponse? {
        guard request.head.method == .get, let generation = cache.trustedGeneration() else { return nil }
        let key = ResponseCache.Key(target: request.head.path ?? "/", origin: request.origin, viewer: "")
        guard let entry = cache.peek(key, generation: generation) else { return nil }
        var answer = entry.answer(request.head.headerFields)
        answer.headers[.cacheStatus] = ResponseCacheMiddleware.hit
        return answer
    }
}
