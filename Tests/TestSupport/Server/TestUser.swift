import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Someone using the server in a test.
///
/// Start from sign-up details (`TestUser("ada")`; the password satisfies the rules). Such a user signs up over HTTP
/// (`client.signUp(user)`) and then signs in with their email or username (`client.logIn(user.email,
/// user.password)`). Or make them directly in the store (`server.user("ada", scope:)`): then they also carry their
/// stored row and a bearer token holding the scopes asked for, and can still sign in with the default password.
public struct TestUser: Sendable {
    /// A password that satisfies the sign-up rules.
    public static let defaultPassword = "correct-horse-7"
    /// A bcrypt hash (cost 4) of ``defaultPassword``, made once with `crypt(3)`, so that users made in the store can
    /// sign in without a sign-up (hashing here would need the server's internal hasher).
    static let defaultPasswordHash = "$2b$04$dCrSMKDvjBNQHwSpaW9pKe6lCHVWAavygOFISXM9kAedGBgNGXKJm"

    public var username: String
    public var firstName: String
    public var lastName: String
    public var email: String
    public var password: String
    /// The stored row, for a user made in the store.
    public internal(set) var record: UserRecord?
    /// A bearer token holding the scopes the user was made with, for a user made in the store.
    public internal(set) var token: String?

    /// Sign-up details; the email is `<username>@example.com` unless given.
    public init(
        _ username: String, firstName: String = "Ada", lastName: String = "Lovelace", email: String? = nil,
        password: String = TestUser.defaultPassword
    ) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email ?? "\(username)@example.com"
        self.password = password
    }

    /// The sign-up form's fields.
    public var signUpForm: KeyValuePairs<String, String> {
        ["username": username, "first_name": firstName, "last_name": lastName, "email": email, "password": password]
    }

    /// The stored user's id; only for a user made in the store.
    public var id: String {
        guard let record else { preconditionFailure("\(username) was not made in the store; use `server.user(_:)`.") }
        return record.id
    }

    /// The bearer `Authorization` header; only for a user made in the store.
    public var auth: HTTPFields {
        guard let token else { preconditionFailure("\(username) has no token; make them with `server.user(_:)`.") }
        return bearer(token)
    }

    /// The bearer header plus a form content type, for write requests.
    public var formHeaders: HTTPFields { auth.merging([.contentType: "application/x-www-form-urlencoded"]) }
}

extension TestServer {
    /// The user `username` (with ``TestUser``'s default details), made directly in the store when missing, with a
    /// new bearer token holding `scope`.
    public func user(_ username: String, scope: String = TestServer.allScopes) async throws -> TestUser {
        try await user(TestUser(username), scope: scope)
    }

    /// `user`, made directly in the store when no user has their username, with a new bearer token holding `scope`
    /// for the server's OAuth app.
    public func user(_ user: TestUser, scope: String = TestServer.allScopes) async throws -> TestUser {
        var made = user
        if let existing = try await store.user(username: user.username) {
            made.record = existing
        } else {
            guard user.password == TestUser.defaultPassword else {
                throw TestUserError.passwordWithoutHash(user.username)
            }
            made.record = try await store.createAccount(
                NewAccount(
                    username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email,
                    passwordHash: TestUser.defaultPasswordHash))
        }
        let token = "test-token-\(user.username)-\(UUID().uuidString)"
        try await store.createToken(
            tokenHash: Secrets.hash(token), appID: try await app().app.id, userID: made.id, codeHash: nil,
            scope: scope, createdAt: Date())
        made.token = token
        return made
    }
}

/// Why a test user could not be made.
public enum TestUserError: Error, CustomStringConvertible {
    /// Only the default password has a hash made in advance; sign up over HTTP for another.
    case passwordWithoutHash(String)

    public var description: String {
        switch self {
        case .passwordWithoutHash(let username):
            "\(username) has a password other than TestUser.defaultPassword; sign them up over HTTP instead."
        }
    }
}

extension TestClientProtocol {
    /// Signs a user up through the JSON form of `/account/signup`.
    @discardableResult
    public func signUp(_ user: TestUser) async throws -> TestResponse {
        try await post("/account/signup", form: user.signUpForm, headers: formHeaders(json: true))
    }

    /// Signs in (JSON answer) with an email or username and a password, and returns the response.
    public func logIn(_ login: String, _ password: String, cookie: String? = nil, headers extra: HTTPFields = [:])
        async throws -> TestResponse
    {
        var headers = formHeaders(cookie: cookie, json: true)
        for field in extra { headers[field.name] = field.value }
        return try await post("/account/login", form: ["login": login, "password": password], headers: headers)
    }

    /// Signs a new user up and returns their session cookie.
    public func signedInCookie(_ user: TestUser) async throws -> String {
        let response = try await signUp(user)
        try #require(response.status == .created, "sign-up failed: \(response.text)")
        return try #require(response.sessionCookie)
    }
}
