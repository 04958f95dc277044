import FeedLibrary
import Firebase
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The Realtime Database's REST API on its own listener (https://firebase.google.com/docs/reference/rest/database):
/// `/<path>.json` with GET (and streaming), PUT, POST, PATCH and DELETE, and `/.settings/rules.json`. Every answer
/// is JSON; every refusal is `{"error": "…"}` with Firebase's status.
struct DatabaseRESTController: Sendable {
    let database: RealtimeDatabase
    let access: DatabaseAccess

    init(database: RealtimeDatabase, admin: FirebaseAdminGate) {
        self.database = database
        self.access = DatabaseAccess(database: database, admin: admin)
    }

    func addRoutes(to router: Router<DatabaseRequestContext>) {
        router.get(".settings/rules.json", use: getRules)
        router.put(".settings/rules.json", use: putRules)
        for method: HTTPRequest.Method in [.get, .put, .post, .patch, .delete] {
            router.on("**", method: method, use: handle)
        }
        router.on("**", method: .options, use: preflight)
    }

    var settings: DatabaseSettings { database.settings }

    /// Any data request: the method after its override, then the read, stream or write it asks for.
    @Sendable func handle(_ request: Request, context: DatabaseRequestContext) async throws -> Response {
        let parsed = try DatabaseRESTRequest(
            request, defaultNamespace: settings.defaultNamespace, namespaceFromHost: settings.namespaceFromHost)
        let caller = try await access.caller(
            of: request, parameters: parsed.parameters, address: context.remoteAddress)
        switch parsed.method {
        case .get:
            if parsed.streaming { return try await stream(parsed, caller: caller, logger: context.logger) }
            return try await get(parsed, caller: caller)
        case .put:
            return try await put(parsed, body: try await body(of: request), caller: caller)
        case .post:
            return try await post(parsed, body: try await body(of: request), caller: caller)
        case .patch:
            return try await patch(parsed, body: try await body(of: request), caller: caller)
        case .delete:
            return try await delete(parsed, caller: caller)
        default:
            throw DatabaseServiceError(status: 405, "Method not allowed.")
        }
    }

    /// A CORS preflight: every origin may use the REST API, as Firebase allows.
    @Sendable func preflight(_ request: Request, context: DatabaseRequestContext) async throws -> Response {
        var headers = DatabaseResponses.commonHeaders
        headers[.accessControlAllowMethods] = "GET, PUT, POST, PATCH, DELETE, OPTIONS"
        headers[.accessControlAllowHeaders] =
            request.headers[.accessControlRequestHeaders] ?? "Content-Type, Authorization, X-Firebase-ETag, If-Match"
        headers[.accessControlMaxAge] = "3600"
        return Response(status: .ok, headers: headers)
    }

    /// The request's body, at most ``DatabaseSettings/maximumWriteBytes``.
    func body(of request: Request) async throws -> [UInt8] {
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: settings.maximumWriteBytes)
            return Array(buffer.readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw DatabaseServiceError(
                status: 413,
                "The request body is larger than the \(settings.maximumWriteBytes) bytes a write may be; write less "
                    + "at a time.")
        }
    }
}
