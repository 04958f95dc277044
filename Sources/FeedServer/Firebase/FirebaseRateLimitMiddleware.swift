import FeedLibrary
import Hummingbird

/// Counts Firebase requests per client address in the API's shared limiter (under keys of their own), answering
/// 429 in Google's format past the limit.
struct FirebaseRateLimitMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let limiter: SharedRateLimiter

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let state = await limiter.hit("firebase:ip:" + (context.remoteAddress ?? "unknown"))
        guard state.remaining >= 0 else { throw GoogleRequestError.rateLimited }
        return try await next(request, context)
    }
}
