import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// Firebase Authentication's client API: Identity Toolkit v1 (`accounts:<op>`, what the JS SDK and REST clients
/// call), the same operations by the v3 `relyingparty` names the iOS SDK still calls, and securetoken's token
/// refresh. Every route needs a registered app's key or the admin token (see ``APIKeyMiddleware``).
struct IdentityToolkitController: Sendable {
    let auth: FirebaseAuthService

    static let v1 = "/identitytoolkit.googleapis.com/v1/"
    /// The iOS SDK's base path (`kFirebaseAuthAPIHost` + `/identitytoolkit/v3/relyingparty/`), and the same names
    /// on Identity Toolkit's own host.
    static let v3Prefixes = [
        "/www.googleapis.com/identitytoolkit/v3/relyingparty/", "/identitytoolkit.googleapis.com/v3/relyingparty/",
    ]

    /// Each served operation: its v1 name, its v3 name and what answers it.
    var operations: [(v1: String, v3: String, handler: RouteGroup.Handler<Response>)] {
        [
            ("accounts:signUp", "signupNewUser", signUp),
            ("accounts:signInWithPassword", "verifyPassword", signIn),
            ("accounts:lookup", "getAccountInfo", lookup),
            ("accounts:update", "setAccountInfo", update),
            ("accounts:delete", "deleteAccount", delete),
            ("accounts:sendOobCode", "getOobConfirmationCode", sendOobCode),
            ("accounts:resetPassword", "resetPassword", resetPassword),
        ]
    }

    /// Sign-in methods Firebase has and this server does not serve: the SDKs report `OPERATION_NOT_ALLOWED` as a
    /// provider that is not enabled.
    static let notServed: [(v1: String, v3: String)] = [
        ("accounts:signInWithIdp", "verifyAssertion"), ("accounts:signInWithCustomToken", "verifyCustomToken"),
        ("accounts:signInWithPhoneNumber", "verifyPhoneNumber"),
        ("accounts:sendVerificationCode", "sendVerificationCode"),
        ("accounts:signInWithEmailLink", "emailLinkSignin"), ("accounts:createAuthUri", "createAuthUri"),
    ]

    func addRoutes(to group: RouteGroup) {
        for operation in operations {
            group.post(Self.v1 + operation.v1, use: operation.handler)
            for prefix in Self.v3Prefixes { group.post(prefix + operation.v3, use: operation.handler) }
        }
        for operation in Self.notServed {
            let refuse: RouteGroup.Handler<Response> = { _, _ in
                throw FirebaseAuthError("OPERATION_NOT_ALLOWED", detail: "Only email and password sign-in is served.")
            }
            group.post(Self.v1 + operation.v1, use: refuse)
            for prefix in Self.v3Prefixes { group.post(prefix + operation.v3, use: refuse) }
        }
        group.post("/securetoken.googleapis.com/v1/token", use: token)
    }

    @Sendable func signUp(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(SignUpRequest.self, from: request)
        return FirebaseJSON.response(try await auth.signUp(body, admin: context.firebaseCaller.isAdmin))
    }

    @Sendable func signIn(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(SignInWithPasswordRequest.self, from: request)
        return FirebaseJSON.response(try await auth.signIn(body, address: context.remoteAddress))
    }

    @Sendable func lookup(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(LookupRequest.self, from: request)
        return FirebaseJSON.response(try await auth.lookup(body, admin: context.firebaseCaller.isAdmin))
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(UpdateAccountRequest.self, from: request)
        return FirebaseJSON.response(try await auth.update(body, admin: context.firebaseCaller.isAdmin))
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(DeleteAccountRequest.self, from: request)
        return FirebaseJSON.response(try await auth.delete(body, admin: context.firebaseCaller.isAdmin))
    }

    @Sendable func sendOobCode(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(SendOobCodeRequest.self, from: request)
        let key = QueryParameters(request.uri.query)["key"] ?? request.headers[APIKeyMiddleware.header]
        return FirebaseJSON.response(
            try await auth.sendLink(
                body, admin: context.firebaseCaller.isAdmin, origin: context.origin, apiKey: key))
    }

    @Sendable func resetPassword(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let body = try await GoogleRequestBody.decode(ResetPasswordRequest.self, from: request)
        return FirebaseJSON.response(try await auth.resetPassword(body))
    }

    /// securetoken `v1/token`, in any of its three body shapes: a form, snake_case JSON or camelCase JSON.
    @Sendable func token(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let bytes = try await GoogleRequestBody.collect(request)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let body: SecureTokenRequest
        if contentType.hasPrefix("application/x-www-form-urlencoded")
            || (!bytes.isEmpty && bytes.first != UInt8(ascii: "{"))
        {
            let form = QueryParameters(String(decoding: bytes, as: UTF8.self))
            body = SecureTokenRequest(
                grantType: form["grant_type"] ?? form["grantType"],
                refreshToken: form["refresh_token"] ?? form["refreshToken"])
        } else {
            body = try GoogleRequestBody.decode(SecureTokenRequest.self, from: bytes.isEmpty ? Data("{}".utf8) : bytes)
        }
        return FirebaseJSON.response(try await auth.refresh(body))
    }
}
