import FeedLibrary
import Firebase
import Foundation
import Hummingbird

extension DatabaseRESTController {
    /// `GET`: the data (whole, shallow, or a query's window), with its ETag when asked; 304 when `if-none-match`
    /// names the current ETag; refused with 400 when it takes longer than `timeout`.
    func get(_ request: DatabaseRESTRequest, caller: DatabaseCaller) async throws -> Response {
        let node = try await withTimeout(request.timeout) {
            try await database.read(
                namespace: request.namespace, path: request.path, query: request.query, shallow: request.shallow,
                caller: caller)
        }
        let etag = RealtimeDatabase.etag(of: node)
        if let ifNoneMatch = request.ifNoneMatch, RealtimeDatabase.unquoted(ifNoneMatch) == etag {
            var headers = DatabaseResponses.commonHeaders
            headers[.eTag] = etag
            return Response(status: .notModified, headers: headers)
        }
        return DatabaseResponses.json(node, for: request, etag: request.wantsETag ? etag : nil)
    }

    /// Runs `body`, refusing with 400 when it is not done within `timeout` (none: no limit).
    func withTimeout<Result: Sendable>(
        _ timeout: Duration?, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        guard let timeout else { return try await body() }
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw DatabaseServiceError(
                    status: 400, "The read took longer than its timeout; read less, or allow a longer timeout.")
            }
            return result
        }
    }

    /// `GET /.settings/rules.json`: the rules that apply, as written (admin only).
    @Sendable func getRules(_ request: Request, context: DatabaseRequestContext) async throws -> Response {
        let (namespace, caller) = try await settingsRequest(request, context: context)
        let source = try await database.rulesSource(namespace: namespace, caller: caller)
        var headers = DatabaseResponses.commonHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: source)))
    }

    /// `PUT /.settings/rules.json`: replaces the namespace's rules (admin only), refused with the place and the
    /// reason when they do not compile.
    @Sendable func putRules(_ request: Request, context: DatabaseRequestContext) async throws -> Response {
        let (namespace, caller) = try await settingsRequest(request, context: context)
        try await database.setRules(namespace: namespace, source: try await body(of: request), caller: caller)
        var headers = DatabaseResponses.commonHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
    }

    private func settingsRequest(_ request: Request, context: DatabaseRequestContext) async throws
        -> (String, DatabaseCaller)
    {
        let parameters = QueryParameters(request.uri.query)
        let namespace = DatabaseRESTRequest.namespace(
            parameters: parameters, authority: request.head.authority ?? request.headers[.host],
            defaultNamespace: settings.defaultNamespace, fromHost: settings.namespaceFromHost)
        let caller = try await access.caller(of: request, parameters: parameters, address: context.remoteAddress)
        return (namespace, caller)
    }
}
