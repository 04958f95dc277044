import FeedLibrary
import Firebase
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// How the database's answers are written: JSON (pretty when asked), JSONP, downloads, silence, ETags, and
/// `{"error": "…"}` refusals.
enum DatabaseResponses {
    /// Headers every answer carries: any origin may read the REST API, as Firebase allows.
    static var commonHeaders: HTTPFields {
        var headers = HTTPFields()
        headers[.accessControlAllowOrigin] = "*"
        headers[.cacheControl] = "no-cache"
        return headers
    }

    /// The answer for `node` as `request` asked to see it.
    static func json(
        _ node: DatabaseNode, for request: DatabaseRESTRequest, status: HTTPResponse.Status = .ok, etag: String? = nil
    ) -> Response {
        json(node.json(format: request.format, pretty: request.pretty), for: request, status: status, etag: etag)
    }

    /// The answer for JSON text as `request` asked to see it: nothing for `print=silent`, JSONP for `callback`, an
    /// attachment for `download`.
    static func json(
        _ bytes: [UInt8], for request: DatabaseRESTRequest, status: HTTPResponse.Status = .ok, etag: String? = nil
    ) -> Response {
        var headers = commonHeaders
        if let etag { headers[.eTag] = etag }
        if request.silent && status == .ok { return Response(status: .noContent, headers: headers) }
        var body = bytes
        if let callback = request.callback {
            headers[.contentType] = "application/javascript; charset=utf-8"
            body = Array("\(callback)(".utf8) + bytes + Array(");".utf8)
        } else {
            headers[.contentType] = "application/json; charset=utf-8"
        }
        if let download = request.download {
            headers[.contentDisposition] = "attachment; filename=\"\(download)\""
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `{"error": message}` with `status`.
    static func error(_ message: String, status: Int, headers extra: HTTPFields = [:]) -> Response {
        var headers = commonHeaders
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/json; charset=utf-8"
        let body = DatabaseJSON.object(["error": .string(message)]).serialized()
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Turns every error of the database's routes into `{"error": "…"}`: the service's refusals with their status,
/// the router's own (no such route, a method not served, a body too large) with theirs, and anything unexpected as
/// a 500 that is logged.
struct DatabaseErrorMiddleware: RouterMiddleware {
    typealias Context = DatabaseRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as DatabaseServiceError {
            if let current = error.current {
                // A conditional write that found other data: the current value and its ETag.
                var headers = DatabaseResponses.commonHeaders
                headers[.eTag] = current.etag
                headers[.contentType] = "application/json; charset=utf-8"
                return Response(
                    status: .preconditionFailed, headers: headers,
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: current.node.json())))
            }
            return DatabaseResponses.error(error.message, status: error.status)
        } catch let error as DatabaseError {
            return DatabaseResponses.error(error.message, status: 400)
        } catch let error as HTTPError {
            let message: String =
                switch error.status {
                case .notFound: "Not found."
                case .methodNotAllowed: "Method not allowed."
                case .contentTooLarge: "The request body is too large."
                default: error.body ?? error.status.reasonPhrase
                }
            return DatabaseResponses.error(message, status: error.status.code)
        } catch {
            context.logger.error(
                "Database request failed", metadata: ["error": "\(String(reflecting: error))"])
            return DatabaseResponses.error("Internal error.", status: 500)
        }
    }
}
