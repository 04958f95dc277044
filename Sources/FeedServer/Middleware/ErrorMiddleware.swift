import HTTPTypes
import Hummingbird
import Logging

/// Turns every error a route throws into the API's `{"errors": [...]}` shape, with the right status.
///
/// Errors that are not ours (the framework's 404 for an unknown path, a body too large, an internal failure) get
/// the same shape so that clients which parse `errors` never see anything else. Internal failures are logged with
/// the request id and answered with a generic 500 that leaks nothing.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return error.response()
        } catch let error as HTTPError {
            return APIError(error.status, Self.message(for: error), headers: error.headers).response()
        } catch let error as any HTTPResponseError {
            return APIError(error.status, error.status.reasonPhrase).response()
        } catch {
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            return APIError(.internalServerError, "Something went wrong on the server. Please try again.").response()
        }
    }

    static func message(for error: HTTPError) -> String {
        if let body = error.body, !body.isEmpty { return body }
        switch error.status {
        case .notFound: return "Not found"
        case .contentTooLarge: return "The request body is too large."
        default: return error.status.reasonPhrase
        }
    }
}
