import FeedLibrary
import Firebase
import Foundation
import Hummingbird

extension DatabaseRESTController {
    /// `PUT`: replaces the data at the path (conditionally with `if-match`) and echoes what was written.
    func put(_ request: DatabaseRESTRequest, body: [UInt8], caller: DatabaseCaller) async throws -> Response {
        let value = try parse(body, at: request.path)
        let result = try await database.set(
            namespace: request.namespace, path: request.path, value: value, caller: caller, ifMatch: request.ifMatch,
            sizeLimit: request.writeSizeLimit)
        return DatabaseResponses.json(
            result.node, for: request, etag: request.wantsETag ? RealtimeDatabase.etag(of: result.node) : nil)
    }

    /// `POST`: adds the data under a new push id and answers `{"name": id}`.
    func post(_ request: DatabaseRESTRequest, body: [UInt8], caller: DatabaseCaller) async throws -> Response {
        try refuseCondition(request)
        let value = try parse(body, at: request.path.child("-AAAAAAAAAAAAAAAAAAA"))
        let name = try await database.push(
            namespace: request.namespace, path: request.path, value: value, caller: caller,
            sizeLimit: request.writeSizeLimit)
        return DatabaseResponses.json(
            DatabaseJSON.object(["name": .string(name)]).serialized(pretty: request.pretty), for: request)
    }

    /// `PATCH`: a multi-location update at the path; echoes the update.
    func patch(_ request: DatabaseRESTRequest, body: [UInt8], caller: DatabaseCaller) async throws -> Response {
        try refuseCondition(request)
        let update: DatabaseUpdate
        do {
            update = try DatabaseUpdate.parse(body, at: request.path)
        } catch {
            throw DatabaseServiceError(error)
        }
        let result = try await database.update(
            namespace: request.namespace, path: request.path, update: update, caller: caller,
            sizeLimit: request.writeSizeLimit)
        let echo =
            result.node.isNull ? Array("{}".utf8) : result.node.json(format: request.format, pretty: request.pretty)
        return DatabaseResponses.json(echo, for: request)
    }

    /// `DELETE`: removes the data at the path (conditionally with `if-match`); answers `null`.
    func delete(_ request: DatabaseRESTRequest, caller: DatabaseCaller) async throws -> Response {
        let result = try await database.set(
            namespace: request.namespace, path: request.path, value: DatabaseInput(.null), caller: caller,
            ifMatch: request.ifMatch, sizeLimit: request.writeSizeLimit)
        return DatabaseResponses.json(
            result.node, for: request, etag: request.wantsETag ? RealtimeDatabase.etag(of: result.node) : nil)
    }

    private func parse(_ body: [UInt8], at path: DatabasePath) throws -> DatabaseInput {
        do {
            return try DatabaseInput.parse(body, at: path)
        } catch {
            throw DatabaseServiceError(error)
        }
    }

    /// ETag conditions are for PUT and DELETE, the writes that replace one location.
    private func refuseCondition(_ request: DatabaseRESTRequest) throws {
        if request.ifMatch != nil {
            throw DatabaseServiceError(status: 400, "if-match applies to PUT and DELETE only.")
        }
    }
}
