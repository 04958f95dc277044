import FeedLibrary
import Firebase
import Foundation
import Hummingbird

/// Tells who a database request comes from: the admin token in `Authorization: Bearer` (firebase-admin) or in
/// `auth=`, accepted from loopback unless the settings say otherwise, optionally acting as someone through
/// `auth_variable_override`; an ID token in `auth=`, `access_token=` or `Authorization: Bearer`; or no one.
struct DatabaseAccess: Sendable {
    let database: RealtimeDatabase
    /// The admin token and where it is accepted from: Authentication's and Storage's, one admin for all of Firebase.
    let admin: FirebaseAdminGate

    var settings: FirebaseSettings { admin.settings }

    func caller(of request: Request, parameters: QueryParameters, address: String?) async throws -> DatabaseCaller {
        var credential: String?
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw DatabaseServiceError(status: 401, "The Authorization header must be \"Bearer <token>\".")
            }
            credential = parts[1].trimmingCharacters(in: .whitespaces)
        }
        credential = credential ?? parameters["auth"] ?? parameters["access_token"]
        guard let credential, !credential.isEmpty else { return .anonymous }
        if let adminToken = settings.adminToken, Secrets.constantTimeEqual(credential, adminToken) {
            // Refused rather than tried as an ID token, so the admin learns why (the gate alone would only say no).
            guard admin.admits(token: credential, from: address) else {
                throw DatabaseServiceError(
                    status: 401, "Permission denied: the admin token is accepted only from this machine.")
            }
            return try Self.override(parameters["auth_variable_override"]) ?? .admin
        }
        return try await database.caller(idToken: credential)
    }

    /// The caller an admin acts as with `auth_variable_override`: the rules' `auth` as given (`null`: no one), or
    /// nil when there is no override.
    static func override(_ text: String?) throws -> DatabaseCaller? {
        guard let text else { return nil }
        let invalid = DatabaseServiceError(
            status: 400, "auth_variable_override must be a JSON object with a string uid, or null.")
        guard let value = try? DatabaseJSON.parse(text) else { throw invalid }
        switch value {
        case .null:
            return .anonymous
        case .object(let members):
            guard let uid = members["uid"]?.stringValue else { throw invalid }
            let auth = RulesAuth(
                uid: uid, provider: members["provider"]?.stringValue ?? "custom",
                token: members["token"]?.objectValue ?? members)
            return .judged(auth: auth, credential: nil)
        default:
            throw invalid
        }
    }
}
