import FeedLibrary
import FeedServer
import Firebase
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport

extension DatabaseFixture {
    /// Runs `body` with the database's listener serving this fixture's database on a live socket.
    static func withServer<Result: Sendable>(
        _ backend: Backend, settings: DatabaseSettings = DatabaseSettings(), trustedProxies: [String] = [],
        _ body: @escaping @Sendable (DatabaseFixture, any TestClientProtocol) async throws -> Result
    ) async throws -> Result {
        try await with(backend, settings: settings) { db in
            let app = buildDatabaseApplication(
                db.database, admin: FirebaseAdminGate(settings: serverSettings), host: "127.0.0.1",
                trustedProxies: trustedProxies, logger: logger)
            return try await app.test(.live) { client in try await body(db, client) }
        }
    }

    /// Firebase's settings with an admin token, firebase-admin's `owner`.
    static var serverSettings: FirebaseSettings {
        var settings = FirebaseSettings()
        settings.adminToken = "owner"
        return settings
    }
}

extension TestClientProtocol {
    /// A database request; `admin` sends the admin token.
    @discardableResult
    func database(
        _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, admin: Bool = true,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if admin { headers[.authorization] = "Bearer owner" }
        return try await execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body read as Firebase data.
    func node() throws -> DatabaseNode { try DatabaseNode(json: Array(text.utf8)) }

    /// The `error` of a `{"error": …}` body.
    var errorMessage: String? {
        (try? Firebase.JSONValue.parse(text))?["error"]?.stringValue
    }
}
