import FeedLibrary
import Hummingbird
import Logging

/// Answers every error a Firebase route throws in its API's format (see ``GoogleErrorStyle``). Failures nobody
/// anticipated are logged with the request id and answered with a 500 that says nothing of the server.
struct FirebaseErrorMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let style: GoogleErrorStyle

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if GoogleErrorStyle.isInternal(error) {
                context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            return style.answer(for: error)
        }
    }
}
