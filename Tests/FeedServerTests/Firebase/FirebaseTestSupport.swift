import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// A Firebase client of a test server, as the SDKs call it: Identity Toolkit v1 with a registered app's key as the
/// web API key, securetoken, and Storage with `Authorization: Firebase <ID token>`.
struct FirebaseClient {
    let server: TestServer
    /// The web API key: the test OAuth app's access key.
    let key: String
    var node: any TestClientProtocol

    init(_ server: TestServer, node: Int = 0) async throws {
        self.server = server
        self.key = try await server.app().key
        self.node = server.nodes[node]
    }

    static let v1 = "/identitytoolkit.googleapis.com/v1/"
    static let v3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
    static let tokenPath = "/securetoken.googleapis.com/v1/token"
    static let project = FirebaseSettings().projectID
    static let bucket = FirebaseSettings().bucket
    static let password = "correct-horse-7"

    /// A POST of `json` to `accounts:<operation>` with the key.
    func call(_ operation: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await node.execute(
            uri: Self.v1 + operation + "?key=" + key, method: .post,
            headers: headers.merging([.contentType: "application/json"]), body: ByteBuffer(string: json))
    }

    /// A POST of an encodable body to `accounts:<operation>`.
    func call(_ operation: String, body: some Encodable) async throws -> TestResponse {
        try await call(operation, String(decoding: try JSONEncoder().encode(body), as: UTF8.self))
    }

    /// Signs up and returns the answer, which must succeed.
    @discardableResult
    func signUp(_ email: String, password: String = Self.password, displayName: String? = nil) async throws
        -> SignUpResponse
    {
        let response = try await call(
            "accounts:signUp",
            body: SignUpRequest(email: email, password: password, displayName: displayName, returnSecureToken: true))
        try #require(response.status == .ok, "sign-up failed: \(response.text)")
        return try response.decodeJSON(SignUpResponse.self)
    }

    /// Signs in and returns the answer (checked by the caller).
    func signIn(_ email: String, password: String = Self.password) async throws -> TestResponse {
        try await call(
            "accounts:signInWithPassword",
            body: SignInWithPasswordRequest(email: email, password: password, returnSecureToken: true))
    }

    /// A token refresh with a snake_case JSON body (firebase-client-sdk's shape).
    func refresh(_ refreshToken: String) async throws -> TestResponse {
        try await node.execute(
            uri: Self.tokenPath + "?key=" + key, method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#))
    }

    /// `accounts:lookup` of an ID token.
    func lookup(_ idToken: String) async throws -> TestResponse {
        try await call("accounts:lookup", body: LookupRequest(idToken: idToken))
    }

    /// An admin call to firebase-admin's path `projects/{p}/<path>`.
    func admin(
        _ path: String, _ json: String? = nil, method: HTTPRequest.Method = .post, token: String = "owner"
    ) async throws -> TestResponse {
        try await node.execute(
            uri: Self.v1 + "projects/\(Self.project)/" + path, method: method,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
            body: json.map { ByteBuffer(string: $0) })
    }

    /// A Storage request with the person's ID token (or none).
    func storage(
        _ method: HTTPRequest.Method, _ uri: String, idToken: String?, headers: HTTPFields = [:], body: [UInt8]? = nil
    ) async throws -> TestResponse {
        var fields = headers
        if let idToken { fields[.authorization] = "Firebase " + idToken }
        return try await node.execute(
            uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
    }

    /// `/v0/b/<bucket>/o/<escaped name>`.
    static func objectPath(_ name: String, bucket: String = bucket) -> String {
        "/v0/b/\(bucket)/o/" + ObjectName.encodeSegment(name)
    }
}

extension TestResponse {
    /// The body decoded with a plain `JSONDecoder`, as Firebase's clients read it.
    func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// The `error.message` of a Google error answer.
    var googleMessage: String? { (try? decodeJSON(GoogleErrorBody.self))?.error.message }

    /// The `error` of a Google error answer.
    var googleError: GoogleError? { (try? decodeJSON(GoogleErrorBody.self))?.error }
}

/// The payload of a JWT, unverified, as the SDKs read it.
func jwtPayload(_ token: String) throws -> [String: Any] {
    let parts = token.split(separator: ".")
    try #require(parts.count == 3)
    let data = try #require(Data(base64URL: String(parts[1])))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The header of a JWT.
func jwtHeader(_ token: String) throws -> [String: Any] {
    let data = try #require(Data(base64URL: String(token.split(separator: ".")[0])))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// Settings for tests that use firebase-admin's calls: the admin token `owner`, as its emulator mode sends, from
/// any address (the router test client's requests have none; loopback is tested over a socket).
func adminConfiguration(_ configuration: inout Configuration) {
    configuration.firebase.adminToken = "owner"
    configuration.firebase.adminFromAnywhere = true
}
