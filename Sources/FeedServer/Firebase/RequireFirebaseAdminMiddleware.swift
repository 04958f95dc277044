import FeedLibrary
import Hummingbird

/// Refuses every call of its group without the admin token (see ``FirebaseCallerMiddleware``).
struct RequireFirebaseAdminMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.firebaseCaller.isAdmin else { throw GoogleRequestError.adminRequired }
        return try await next(request, context)
    }
}
