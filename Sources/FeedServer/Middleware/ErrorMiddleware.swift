import FeedLibrary
import HTTPTypes
import Hummingbird
import Imaging
import Logging

/// Turns every error a route throws into the API's `{"errors": [...]}` shape, with the status that
/// `APIError+Mapping.swift` gives it. Failures nobody anticipated are logged with the request id and answered with a
/// generic 500 that leaks nothing.
///
/// Each group that answers JSON has one inside its CORS and rate-limit middleware, so that errors carry those
/// headers too; the router has one for paths that match no route.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let answer = APIError(error)
            if answer.isInternal {
                context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            } else if LibraryError.isFault(error) {
                // A full disk names its folder here. An outage of the database or the storage is logged once when it
                // begins and once when it ends (see DatabaseHealth and StorageHealth), not on every refused request.
                context.logger.log(
                    level: answer.status.code == 507 ? .warning : .debug, "Refused for a fault of the server",
                    metadata: ["error": "\(error)", "status": "\(answer.status.code)"])
            } else if let imaging = error as? ImagingError {
                // libvips's own words stay in the log: they may name server paths or another request's failure.
                context.logger.info("Image refused", metadata: ["error": "\(imaging.logDetail)"])
            }
            return answer.response()
        }
    }
}
