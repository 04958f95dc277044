import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking

/// Counts requests against a ``SharedRateLimiter`` and answers 429 with `Retry-After` past the limit.
///
/// The API group's instance keys clients by their credential when it is a real one (a registered app's key, a live
/// token) and by their address otherwise — a made-up key never gets a bucket of its own — and adds
/// `X-Ratelimit-Limit` and `X-Ratelimit-Remaining` to every answer, as Unsplash does; the image group's keys by
/// address only (clients send their API token to image URLs too) and adds nothing to successful answers, as an image
/// CDN would.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// How a group's limiter counts and reports.
    enum Style: Sendable {
        /// Per real credential or address, with the limit headers on every answer.
        case api(CredentialDirectory)
        /// Per address, silent until the limit is reached.
        case images

        static func addressKey(_ remoteAddress: String?) -> String { "ip:" + (remoteAddress ?? "unknown") }

        /// Whose requests these are.
        func key(_ request: HTTPRequest, remoteAddress: String?) async -> String {
            switch self {
            case .images: return "img:" + Self.addressKey(remoteAddress)
            case .api(let credentials):
                if let credential = ClientKey.from(request), await credentials.isKnown(credential) { return credential }
                return Self.addressKey(remoteAddress)
            }
        }

        /// ``key(_:remoteAddress:)`` from memory only, for answers made without waiting: nil for any credential not
        /// remembered as real, so that the router — which refuses made-up ones — answers it.
        func keyWithoutWaiting(_ request: HTTPRequest, remoteAddress: String?) -> String? {
            switch self {
            case .images: return "img:" + Self.addressKey(remoteAddress)
            case .api(let credentials):
                guard let credential = ClientKey.from(request) else { return Self.addressKey(remoteAddress) }
                return credentials.isKnownWithoutWaiting(credential) == true ? credential : nil
            }
        }

        /// Adds what this style tells clients about their limit.
        func report(_ state: (limit: Int, remaining: Int, resetIn: Int), in headers: inout HTTPFields) {
            guard case .api = self else { return }
            headers[.rateLimitLimit] = String(state.limit)
            headers[.rateLimitRemaining] = String(max(0, state.remaining))
        }
    }

    let limiter: SharedRateLimiter
    let style: Style

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let key = await style.key(request.head, remoteAddress: context.remoteAddress)
        let state = await limiter.hit(key)
        var headers = HTTPFields()
        style.report(state, in: &headers)
        guard state.remaining >= 0 else {
            headers[.retryAfter] = String(state.resetIn)
            return APIError(.tooManyRequests, "Rate Limit Exceeded", headers: headers).response()
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: headers)
        return response
    }
}

extension HTTPField.Name {
    static let rateLimitLimit = HTTPField.Name("X-Ratelimit-Limit")!
    static let rateLimitRemaining = HTTPField.Name("X-Ratelimit-Remaining")!
    static let total = HTTPField.Name("X-Total")!
    static let perPage = HTTPField.Name("X-Per-Page")!
    static let link = HTTPField.Name("Link")!
}
