import FeedLibrary
import HTTPTypes
import Hummingbird

/// CORS as Google's APIs do it for the Firebase SDKs in browsers: any origin, the request's own headers allowed
/// (the SDKs send `X-Client-Version`, `X-Firebase-*`, `X-Goog-Upload-*`), and the resumable-upload headers exposed so
/// that the JS SDK can read them. No cookies are involved: credentials are tokens the SDKs send themselves.
struct FirebaseCORSMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    static let exposed = [
        "X-Goog-Upload-Status", "X-Goog-Upload-URL", "X-Goog-Upload-Chunk-Granularity",
        "X-Goog-Upload-Size-Received", "X-Goog-Upload-Control-URL", "X-GUploader-UploadID", "Location", "Range",
        "ETag", "Content-Length", "Content-Range", "X-Goog-Hash", "X-Goog-Generation", "X-Goog-Metageneration",
        "Retry-After",
    ].joined(separator: ", ")

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: origin,
                    .accessControlAllowMethods: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
                    .accessControlAllowHeaders: request.headers[.accessControlRequestHeaders] ?? "*",
                    .accessControlMaxAge: "3600",
                    .vary: "Origin, Access-Control-Request-Headers",
                ])
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = Self.exposed
        response.headers[.vary] = "Origin"
        return response
    }
}
