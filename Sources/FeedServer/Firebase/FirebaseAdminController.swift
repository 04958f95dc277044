import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// firebase-admin's user management (`/v1/projects/{p}/accounts…`, with `Authorization: Bearer <admin token>`), the
/// emulator's listing of the links the server would have mailed, and the public keys ID tokens are signed with.
struct FirebaseAdminController: Sendable {
    let auth: FirebaseAuthService
    let tokens: IDTokenSigner
    let projectID: String

    static let projects = "/identitytoolkit.googleapis.com/v1/projects/:project/"
    /// Where Google publishes the keys of Firebase ID tokens, under its host as the SDKs' emulator paths put hosts.
    static let publicKeysPath = "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"

    func addRoutes(admin: RouteGroup, keys: RouteGroup) {
        admin.post(Self.projects + "accounts", use: create)
        admin.post(Self.projects + "accounts:lookup", use: lookup)
        admin.post(Self.projects + "accounts:update", use: update)
        admin.post(Self.projects + "accounts:delete", use: delete)
        admin.post(Self.projects + "accounts:batchDelete", use: batchDelete)
        admin.get(Self.projects + "accounts:batchGet", use: batchGet)
        admin.post(Self.projects + "accounts:sendOobCode", use: sendOobCode)
        admin.get("/emulator/v1/projects/:project/oobCodes", use: links)
        keys.get(Self.publicKeysPath, use: publicKeys)
    }

    /// The `{project}` of the path, which must be the one served.
    func checkProject(_ context: FeedRequestContext) throws {
        guard context.parameters.get("project") == projectID else { throw GoogleRequestError.wrongProject(projectID) }
    }

    @Sendable func create(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(SignUpRequest.self, from: request)
        return FirebaseJSON.response(try await auth.signUp(body, admin: true))
    }

    @Sendable func lookup(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(LookupRequest.self, from: request)
        return FirebaseJSON.response(try await auth.lookup(body, admin: true))
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(UpdateAccountRequest.self, from: request)
        return FirebaseJSON.response(try await auth.update(body, admin: true))
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(DeleteAccountRequest.self, from: request)
        return FirebaseJSON.response(try await auth.delete(body, admin: true))
    }

    @Sendable func batchDelete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(BatchDeleteRequest.self, from: request)
        return FirebaseJSON.response(try await auth.batchDelete(body))
    }

    @Sendable func batchGet(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let query = QueryParameters(request.uri.query)
        var maxResults: Int?
        if let raw = query["maxResults"] {
            guard let value = Int(raw) else {
                throw GoogleRequestError.invalidValue(field: "maxResults", type: "TYPE_INT32")
            }
            maxResults = value
        }
        return FirebaseJSON.response(try await auth.batchGet(maxResults: maxResults, pageToken: query["nextPageToken"]))
    }

    @Sendable func sendOobCode(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(SendOobCodeRequest.self, from: request)
        return FirebaseJSON.response(try await auth.sendLink(body, admin: true, origin: context.origin, apiKey: nil))
    }

    @Sendable func links(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        return FirebaseJSON.response(try await auth.links())
    }

    @Sendable func publicKeys(_ request: Request, context: FeedRequestContext) async throws -> Response {
        FirebaseJSON.response(try await tokens.publicKeys(), headers: [.cacheControl: "public, max-age=3600"])
    }
}
