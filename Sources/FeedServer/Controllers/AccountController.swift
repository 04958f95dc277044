import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Sign-up, sign-in, sign-out and the settings page (registered apps, authorised apps). Forms answer with pages
/// and redirects; the same routes answer JSON to clients that ask for it (`Accept: application/json`).
struct AccountController: Sendable {
    let store: LibraryStore
    let hasher: PasswordHasher
    let throttle: LoginThrottle

    func addRoutes(to pages: RouteGroup) {
        pages.get("/account/signup", use: signUpPage)
        pages.post("/account/signup", use: signUp)
        pages.get("/account/login", use: logInPage)
        pages.post("/account/login", use: logIn)
        pages.post("/account/logout", use: logOut)
        pages.get("/account/settings", use: settings)
        pages.post("/account/apps", use: createApp)
        pages.post("/account/authorizations/:appID/revoke", use: revoke)
    }

    static func wantsJSON(_ request: Request) -> Bool {
        let accept = request.headers[.accept] ?? ""
        let contentType = request.headers[.contentType] ?? ""
        return (accept.contains("application/json") && !accept.contains("text/html"))
            || contentType.hasPrefix("application/json")
    }

    /// A local path to go back to after signing in; anything else (another site) falls back to `/`.
    static func safeReturn(_ raw: String?) -> String {
        SafeRedirect.path(raw) ?? "/"
    }

    // MARK: sign-up

    @Sendable func signUpPage(_ request: Request, context: FeedRequestContext) async throws -> Response {
        signUpForm(returnTo: Self.safeReturn(QueryParameters(request.uri.query)["return_to"]), values: [:], errors: [])
    }

    func signUpForm(returnTo: String, values: [String: String], errors: [String], status: HTTPResponse.Status = .ok)
        -> Response
    {
        func field(_ name: String, _ label: String, _ type: String, _ autocomplete: String) -> String {
            let value = type == "password" ? "" : HTMLPage.escape(values[name] ?? "")
            return """
                <label for="\(name)">\(label)</label>
                <input id="\(name)" name="\(name)" type="\(type)" value="\(value)" autocomplete="\(autocomplete)" required>
                """
        }
        return HTMLPage.response(title: "Create an account", status: status, body: """
            <h1>Create an account</h1>
            \(HTMLPage.errors(errors))
            <form method="post" action="/account/signup">
            \(HTMLPage.hidden("return_to", returnTo))
            \(field("first_name", "First name", "text", "given-name"))
            \(field("last_name", "Last name", "text", "family-name"))
            \(field("username", "Username", "text", "username"))
            \(field("email", "Email", "email", "email"))
            \(field("password", "Password", "password", "new-password"))
            <p class="muted">At least 8 characters, with a digit and a special character.</p>
            <button type="submit">Sign up</button>
            </form>
            <p class="alt">Already have an account? <a href="/account/login?return_to=\(HTMLPage.escape(returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))">Sign in</a></p>
            """)
    }

    @Sendable func signUp(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters = try await RequestParameters.collect(request, context: context)
        let username = try parameters["username"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let firstName = try parameters["first_name"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let lastName = try parameters["last_name"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let email = try parameters["email"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let password = try parameters["password"] ?? ""
        let returnTo = Self.safeReturn(try parameters["return_to"])
        let json = Self.wantsJSON(request)
        func failure(_ status: HTTPResponse.Status, _ errors: [String]) -> Response {
            json ? APIError(status, errors).response()
                : signUpForm(returnTo: returnTo, values: parameters.values, errors: errors, status: status)
        }
        let problems = AccountRules.signUp(
            username: username, firstName: firstName, lastName: lastName, email: email, password: password
        )
        guard problems.isEmpty else { return failure(.unprocessableContent, problems) }
        let user: UserRecord
        do {
            user = try await store.createAccount(NewAccount(
                username: username, firstName: firstName, lastName: lastName, email: email,
                passwordHash: try await hasher.hash(password)
            ))
        } catch let conflict as StoreError {
            // A taken email or username is shown on the form, in the words the API uses for it.
            guard case .conflict = conflict else { throw conflict }
            let answer = APIError(conflict)
            return failure(answer.status, answer.messages)
        }
        return try await signedIn(user, request: request, context: context, returnTo: returnTo, json: json, status: .created)
    }

    // MARK: sign-in

    @Sendable func logInPage(_ request: Request, context: FeedRequestContext) async throws -> Response {
        logInForm(returnTo: Self.safeReturn(QueryParameters(request.uri.query)["return_to"]), login: "", errors: [])
    }

    func logInForm(returnTo: String, login: String, errors: [String], status: HTTPResponse.Status = .ok,
                   headers: HTTPFields = [:]) -> Response {
        let encodedReturn = returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
        return HTMLPage.response(title: "Sign in", status: status, headers: headers, body: """
            <h1>Sign in</h1>
            \(HTMLPage.errors(errors))
            <form method="post" action="/account/login">
            \(HTMLPage.hidden("return_to", returnTo))
            <label for="login">Email or username</label>
            <input id="login" name="login" type="text" value="\(HTMLPage.escape(login))" autocomplete="username" required autofocus>
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">Sign in</button>
            </form>
            <p class="alt">New here? <a href="/account/signup?return_to=\(HTMLPage.escape(encodedReturn))">Create an account</a></p>
            """)
    }

    @Sendable func logIn(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters = try await RequestParameters.collect(request, context: context)
        let login = try (parameters["login"] ?? parameters["email"] ?? parameters["username"] ?? "")
            .trimmingCharacters(in: .whitespaces)
        let password = try parameters["password"] ?? ""
        let returnTo = Self.safeReturn(try parameters["return_to"])
        let json = Self.wantsJSON(request)
        func failure(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
            json ? APIError(status, message, headers: headers).response()
                : logInForm(returnTo: returnTo, login: login, errors: [message], status: status, headers: headers)
        }
        let found = try await store.credentials(login: login)
        // Failures are counted per account (by id), whichever of email or username names it.
        let accountKey = found.map { "id:" + $0.user.id } ?? login
        if let wait = try await throttle.retryAfter(account: accountKey, address: context.remoteAddress, store: store) {
            return failure(
                .tooManyRequests, "Too many failed sign-ins. Try again in \(Self.describe(seconds: wait)).",
                headers: [.retryAfter: String(wait)]
            )
        }
        if let found, let hash = found.passwordHash, try await hasher.verify(password, hash: hash) {
            try await throttle.succeed(account: accountKey, address: context.remoteAddress, store: store)
            // An account an admin disabled (firebase-admin) stays out of every door.
            guard try await !store.isAccountDisabled(userID: found.user.id) else {
                return failure(.forbidden, "This account has been disabled.")
            }
            return try await signedIn(found.user, request: request, context: context, returnTo: returnTo, json: json)
        }
        try await throttle.fail(account: accountKey, address: context.remoteAddress, store: store)
        return failure(.unauthorized, AccountRules.wrongCredentials)
    }

    static func describe(seconds: Int) -> String {
        seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    }

    /// Starts a new session (a new id every time: the id rotates at each sign-in) and ends the one the request
    /// came with.
    func signedIn(_ user: UserRecord, request: Request, context: FeedRequestContext, returnTo: String, json: Bool,
                  status: HTTPResponse.Status = .ok) async throws -> Response {
        var old: String?
        if case .user(_, _, .session(let idHash)) = context.caller { old = idHash }
        let sessionID = Secrets.make()
        try await store.createSession(
            idHash: Secrets.hash(sessionID), userID: user.id, expiresAt: Date().addingTimeInterval(SessionCookie.lifetime),
            replacing: old
        )
        var response = json
            ? FeedJSONEncoder.response(context.presenter.user(user, includeEmail: true),
                                status: status)
            : HTMLPage.redirect(to: returnTo)
        response.setCookie(SessionCookie.make(value: sessionID, secure: context.isSecure))
        return response
    }

    @Sendable func logOut(_ request: Request, context: FeedRequestContext) async throws -> Response {
        if case .user(_, _, .session(let idHash)) = context.caller { try await store.deleteSession(idHash: idHash) }
        var response = Self.wantsJSON(request)
            ? Response(status: .noContent) : HTMLPage.redirect(to: "/account/login")
        response.setCookie(SessionCookie.cleared(secure: context.isSecure))
        return response
    }

    // MARK: settings

    func sessionUser(_ request: Request, _ context: FeedRequestContext) -> UserRecord? {
        if case .user(let user, _, .session) = context.caller { return user }
        return nil
    }

    @Sendable func settings(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let user = sessionUser(request, context) else {
            return HTMLPage.redirect(to: "/account/login?return_to=%2Faccount%2Fsettings")
        }
        return try await settingsPage(user, notice: "")
    }

    func settingsPage(_ user: UserRecord, notice: String, status: HTTPResponse.Status = .ok) async throws -> Response {
        let ownApps = try await store.apps(ownerID: user.id)
        let authorized = try await store.authorizedApps(userID: user.id)
        let ownList = ownApps.isEmpty ? "<p class=\"muted\">No applications yet.</p>" : "<ul class=\"plain\">" + ownApps.map {
            "<li><strong>\(HTMLPage.escape($0.name))</strong><br>Access key <code>\(HTMLPage.escape($0.accessKey))</code><br>"
                + "<span class=\"muted\">\($0.redirectURIs.map(HTMLPage.escape).joined(separator: "<br>"))</span></li>"
        }.joined() + "</ul>"
        let authorizedList = authorized.isEmpty ? "<p class=\"muted\">No application has access to your account.</p>"
            : "<ul class=\"plain\">" + authorized.map {
                """
                <li class="row"><span>\(HTMLPage.escape($0.name))</span>
                <form method="post" action="/account/authorizations/\(HTMLPage.escape($0.id))/revoke">
                <button class="secondary" type="submit">Revoke</button></form></li>
                """
            }.joined() + "</ul>"
        return HTMLPage.response(title: "Settings", status: status, body: """
            <h1>Settings</h1>
            <p>Signed in as <strong>@\(HTMLPage.escape(user.username))</strong> (\(HTMLPage.escape(user.email ?? "")))</p>
            \(notice)
            <h2>Authorised applications</h2>
            \(authorizedList)
            <h2>Your applications</h2>
            \(ownList)
            <form method="post" action="/account/apps">
            <label for="app-name">Application name</label><input id="app-name" name="name" type="text" required>
            <label for="app-redirects">Redirect URIs, one per line</label>
            <textarea id="app-redirects" name="redirect_uris" rows="3" required>urn:ietf:wg:oauth:2.0:oob</textarea>
            <label class="check"><input type="checkbox" name="public" value="true"> Public client (mobile or browser app: no secret, PKCE required)</label>
            <button type="submit">Register application</button>
            </form>
            <form method="post" action="/account/logout"><button class="secondary" type="submit">Sign out</button></form>
            """)
    }

    @Sendable func createApp(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let user = sessionUser(request, context) else { throw APIError.invalidToken }
        let parameters = try await RequestParameters.collect(request, context: context)
        let name = try parameters["name"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let uris = try (parameters["redirect_uris"] ?? parameters["redirect_uri"] ?? "")
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let problems = AppRegistration.problems(name: name, redirectURIs: uris)
        guard problems.isEmpty else {
            return try await settingsPage(user, notice: HTMLPage.errors(problems), status: .unprocessableContent)
        }
        let registered = try await AppRegistration.register(
            name: name, ownerID: user.id, redirectURIs: uris, isPublic: try parameters.bool("public") ?? false, store: store
        )
        let secretLine = registered.app.isPublic ? "" :
            "<br>Secret key <code>\(HTMLPage.escape(registered.secret))</code> — copy it now: it is not shown again."
        let oauth1Line = registered.app.oauth1Secret.map {
            "<br>OAuth 1.0a secret, for Flickr apps <code>\(HTMLPage.escape($0))</code>"
        } ?? ""
        return try await settingsPage(user, notice: """
            <div class="errors" style="border-color:currentColor;color:inherit" role="status">Registered
            <strong>\(HTMLPage.escape(name))</strong>.<br>Access key <code>\(HTMLPage.escape(registered.app.accessKey))</code>\(secretLine)\(oauth1Line)</div>
            """, status: .created)
    }

    @Sendable func revoke(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let user = sessionUser(request, context) else { throw APIError.invalidToken }
        let appID = try context.parameters.require("appID")
        try await store.revokeAuthorization(userID: user.id, appID: appID)
        return HTMLPage.redirect(to: "/account/settings")
    }
}
