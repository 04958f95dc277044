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

    /// What every admin call with a body does: check the project, read the body (a bad one is Google's
    /// `INVALID_ARGUMENT`), act as the admin, answer the result as Firebase JSON.
    func answer<Body: Decodable, Answer: Encodable>(
        _ request: Request, _ context: FeedRequestContext, reading body: Body.Type,
        _ act: (Body) async throws -> Answer
    ) async throws -> Response {
        try checkProject(context)
        let body = try await GoogleRequestBody.decode(Body.self, from: request)
        return FirebaseJSON.response(try await act(body))
    }

    @Sendable func create(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context, reading: SignUpRequest.self) { try await auth.signUp($0, admin: true) }
    }

    @Sendable func lookup(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context, reading: LookupRequest.self) { try await auth.lookup($0, admin: true) }
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context, reading: UpdateAccountRequest.self) {
            try await auth.update($0, admin: true)
        }
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context, reading: DeleteAccountRequest.self) {
            try await auth.delete($0, admin: true)
        }
    }

    @Sendable func batchDelete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context, reading: BatchDeleteRequest.self) { try await auth.batchDelete($0) }
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
        try await answer(request, context, reading: SendOobCodeRequest.self) {
            try await auth.sendLink($0, admin: true, origin: context.origin, apiKey: nil)
        }
    }

    @Sendable func links(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try checkProject(context)
        return FirebaseJSON.response(try await auth.links())
    }

    @Sendable func publicKeys(_ request: Request, context: FeedRequestContext) async throws -> Response {
        FirebaseJSON.response(try await tokens.publicKeys(), headers: [.cacheControl: "public, max-age=3600"])
    }
}
