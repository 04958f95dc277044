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

    /// The refusal of a sign-in to an account an admin disabled (firebase-admin), as the API's JSON says it; the
    /// page says it in its own language (``PageText/problem(_:)``).
    static let disabled = "This account has been disabled."

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
        signUpForm(
            context.text, returnTo: Self.safeReturn(QueryParameters(request.uri.query)["return_to"]), values: [:],
            errors: [])
    }

    /// The sign-up form in `text`'s language; `errors` are the API's English refusals, said in that language.
    func signUpForm(
        _ text: PageText, returnTo: String, values: [String: String], errors: [String],
        status: HTTPResponse.Status = .ok
    ) -> Response {
        func field(_ name: String, _ label: String, _ type: String, _ autocomplete: String) -> String {
            let value = type == "password" ? "" : HTMLPage.escape(values[name] ?? "")
            return """
                <label for="\(name)">\(HTMLPage.escape(text(label)))</label>
                <input id="\(name)" name="\(name)" type="\(type)" value="\(value)" autocomplete="\(autocomplete)" required>
                """
        }
        let encodedReturn = returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
        let signIn =
            "<a href=\"/account/login?return_to=\(HTMLPage.escape(encodedReturn))\">"
            + "\(HTMLPage.escape(text("signIn.button")))</a>"
        return HTMLPage.response(
            text, title: text("page.signUp.title"), status: status,
            body: """
                <h1>\(HTMLPage.escape(text("page.signUp.title")))</h1>
                \(HTMLPage.errors(errors.map(text.problem)))
                <form method="post" action="/account/signup">
                \(HTMLPage.hidden("return_to", returnTo))
                \(field("first_name", "profile.firstName", "text", "given-name"))
                \(field("last_name", "profile.lastName", "text", "family-name"))
                \(field("username", "profile.username", "text", "username"))
                \(field("email", "profile.email", "email", "email"))
                \(field("password", "signIn.password", "password", "new-password"))
                <p class="muted">\(HTMLPage.escape(text("page.signUp.passwordHint")))</p>
                <button type="submit">\(HTMLPage.escape(text("page.signUp.submit")))</button>
                </form>
                <p class="alt">\(text.html("signUp.haveAccount", ["link": signIn]))</p>
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
            json
                ? APIError(status, errors).response()
                : signUpForm(
                    context.text, returnTo: returnTo, values: parameters.values, errors: errors, status: status)
        }
        let problems = AccountRules.signUp(
            username: username, firstName: firstName, lastName: lastName, email: email, password: password
        )
        guard problems.isEmpty else { return failure(.unprocessableContent, problems) }
        let user: UserRecord
        do {
            user = try await store.createAccount(
                NewAccount(
                    username: username, firstName: firstName, lastName: lastName, email: email,
                    passwordHash: try await hasher.hash(password)
                ))
        } catch let conflict as StoreError {
            // A taken email or username is shown on the form, in the words the API uses for it.
            guard case .conflict = conflict else { throw conflict }
            let answer = APIError(conflict)
            return failure(answer.status, answer.messages)
        }
        return try await signedIn(
            user, request: request, context: context, returnTo: returnTo, json: json, status: .created)
    }

    // MARK: sign-in

    @Sendable func logInPage(_ request: Request, context: FeedRequestContext) async throws -> Response {
        logInForm(
            context.text, returnTo: Self.safeReturn(QueryParameters(request.uri.query)["return_to"]), login: "",
            errors: [])
    }

    /// The sign-in form in `text`'s language; `errors` are already in it.
    func logInForm(
        _ text: PageText, returnTo: String, login: String, errors: [String], status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Response {
        let encodedReturn = returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
        let signUp =
            "<a href=\"/account/signup?return_to=\(HTMLPage.escape(encodedReturn))\">"
            + "\(HTMLPage.escape(text("signUp.link")))</a>"
        return HTMLPage.response(
            text, title: text("screen.signIn"), status: status, headers: headers,
            body: """
                <h1>\(HTMLPage.escape(text("screen.signIn")))</h1>
                \(HTMLPage.errors(errors))
                <form method="post" action="/account/login">
                \(HTMLPage.hidden("return_to", returnTo))
                <label for="login">\(HTMLPage.escape(text("signIn.login")))</label>
                <input id="login" name="login" type="text" value="\(HTMLPage.escape(login))" autocomplete="username" required autofocus>
                <label for="password">\(HTMLPage.escape(text("signIn.password")))</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required>
                <button type="submit">\(HTMLPage.escape(text("signIn.button")))</button>
                </form>
                <p class="alt">\(text.html("signIn.new", ["link": signUp]))</p>
                """)
    }

    @Sendable func logIn(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters = try await RequestParameters.collect(request, context: context)
        let login = try (parameters["login"] ?? parameters["email"] ?? parameters["username"] ?? "")
            .trimmingCharacters(in: .whitespaces)
        let password = try parameters["password"] ?? ""
        let returnTo = Self.safeReturn(try parameters["return_to"])
        let json = Self.wantsJSON(request)
        /// The API's English `message`, or the form again with `page` (the message in the page's language).
        func failure(_ status: HTTPResponse.Status, _ message: String, page: String, headers: HTTPFields = [:])
            -> Response
        {
            json
                ? APIError(status, message, headers: headers).response()
                : logInForm(
                    context.text, returnTo: returnTo, login: login, errors: [page], status: status,
                    headers: headers)
        }
        let found = try await store.credentials(login: login)
        // Failures are counted per account (by id), whichever of email or username names it.
        let accountKey = found.map { "id:" + $0.user.id } ?? login
        if let wait = try await throttle.retryAfter(account: accountKey, address: context.remoteAddress, store: store) {
            return failure(
                .tooManyRequests, "Too many failed sign-ins. Try again in \(Self.describe(seconds: wait)).",
                page: context.text("page.problem.throttled", ["when": context.text.fromNow(seconds: wait)]),
                headers: [.retryAfter: String(wait)]
            )
        }
        if let found, let hash = found.passwordHash, try await hasher.verify(password, hash: hash) {
            try await throttle.succeed(account: accountKey, address: context.remoteAddress, store: store)
            // An account an admin disabled (firebase-admin) stays out of every door.
            guard try await !store.isAccountDisabled(userID: found.user.id) else {
                return failure(.forbidden, Self.disabled, page: context.text.problem(Self.disabled))
            }
            return try await signedIn(found.user, request: request, context: context, returnTo: returnTo, json: json)
        }
        try await throttle.fail(account: accountKey, address: context.remoteAddress, store: store)
        return failure(
            .unauthorized, AccountRules.wrongCredentials, page: context.text.problem(AccountRules.wrongCredentials))
    }

    static func describe(seconds: Int) -> String {
        seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    }

    /// Starts a new session (a new id every time: the id rotates at each sign-in) and ends the one the request
    /// came with.
    func signedIn(
        _ user: UserRecord, request: Request, context: FeedRequestContext, returnTo: String, json: Bool,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var old: String?
        if case .user(_, _, .session(let idHash)) = context.caller { old = idHash }
        let sessionID = Secrets.make()
        try await store.createSession(
            idHash: Secrets.hash(sessionID), userID: user.id,
            expiresAt: Date().addingTimeInterval(SessionCookie.lifetime),
            replacing: old
        )
        var response =
            json
            ? FeedJSONEncoder.response(
                context.presenter.user(user, includeEmail: true),
                status: status)
            : HTMLPage.redirect(to: returnTo)
        response.setCookie(SessionCookie.make(value: sessionID, secure: context.isSecure))
        return response
    }

    @Sendable func logOut(_ request: Request, context: FeedRequestContext) async throws -> Response {
        if case .user(_, _, .session(let idHash)) = context.caller { try await store.deleteSession(idHash: idHash) }
        var response =
            Self.wantsJSON(request)
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
        return try await settingsPage(context.text, user, notice: "")
    }

    /// The settings page in `text`'s language, with `notice` (HTML) above its lists.
    func settingsPage(_ text: PageText, _ user: UserRecord, notice: String, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        let escape = HTMLPage.escape
        let ownApps = try await store.apps(ownerID: user.id)
        let authorized = try await store.authorizedApps(userID: user.id)
        let ownList =
            ownApps.isEmpty
            ? "<p class=\"muted\">\(escape(text("page.settings.noApps")))</p>"
            : "<ul class=\"plain\">"
                + ownApps.map { app in
                    let redirects = app.redirectURIs.map(text.isolated).joined(separator: "<br>")
                    return "<li><strong>\(text.isolated(app.name))</strong><br>"
                        + text.html("page.settings.accessKey", ["key": "<code>\(escape(app.accessKey))</code>"])
                        + "<br>"
                        + "<span class=\"muted\">\(redirects)</span></li>"
                }.joined() + "</ul>"
        let authorizedList =
            authorized.isEmpty
            ? "<p class=\"muted\">\(escape(text("page.settings.noAuthorized")))</p>"
            : "<ul class=\"plain\">"
                + authorized.map {
                    """
                    <li class="row"><span>\(text.isolated($0.name))</span>
                    <form method="post" action="/account/authorizations/\(escape($0.id))/revoke">
                    <button class="secondary" type="submit">\(escape(text("page.settings.revoke")))</button></form></li>
                    """
                }.joined() + "</ul>"
        let who = text.html(
            "page.settings.signedInAs",
            [
                "user": "<strong>\(text.isolated("@" + user.username))</strong>",
                "email": text.isolated(user.email ?? ""),
            ])
        let signOut = "<button class=\"secondary\" type=\"submit\">\(escape(text("page.settings.signOut")))</button>"
        return HTMLPage.response(
            text, title: text("page.settings.title"), status: status,
            body: """
                <h1>\(escape(text("page.settings.title")))</h1>
                <p>\(who)</p>
                \(notice)
                <h2>\(escape(text("page.settings.authorized")))</h2>
                \(authorizedList)
                <h2>\(escape(text("page.settings.ownApps")))</h2>
                \(ownList)
                <form method="post" action="/account/apps">
                <label for="app-name">\(escape(text("page.settings.appName")))</label>
                <input id="app-name" name="name" type="text" required>
                <label for="app-redirects">\(escape(text("page.settings.redirects")))</label>
                <textarea id="app-redirects" name="redirect_uris" rows="3" dir="ltr" required>urn:ietf:wg:oauth:2.0:oob</textarea>
                <label class="check"><input type="checkbox" name="public" value="true">
                \(escape(text("page.settings.public")))</label>
                <button type="submit">\(escape(text("page.settings.register")))</button>
                </form>
                <form method="post" action="/account/logout">\(signOut)</form>
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
            return try await settingsPage(
                context.text, user, notice: HTMLPage.errors(problems.map(context.text.problem)),
                status: .unprocessableContent)
        }
        let registered = try await AppRegistration.register(
            name: name, ownerID: user.id, redirectURIs: uris, isPublic: try parameters.bool("public") ?? false,
            store: store
        )
        let text = context.text
        let code = { (value: String) in "<code>\(HTMLPage.escape(value))</code>" }
        let secretLine =
            registered.app.isPublic
            ? ""
            : "<br>" + text.html("page.settings.secret", ["secret": code(registered.secret)])
        let oauth1Line =
            registered.app.oauth1Secret.map {
                "<br>" + text.html("page.settings.oauth1", ["secret": code($0)])
            } ?? ""
        let registeredLine = text.html(
            "page.settings.registered", ["app": "<strong>\(text.isolated(name))</strong>"])
        let accessLine = text.html("page.settings.accessKey", ["key": code(registered.app.accessKey)])
        return try await settingsPage(
            text, user,
            notice: """
                <div class="errors" style="border-color:currentColor;color:inherit" role="status">\(registeredLine)
                <br>\(accessLine)\(secretLine)\(oauth1Line)</div>
                """, status: .created)
    }

    @Sendable func revoke(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let user = sessionUser(request, context) else { throw APIError.invalidToken }
        let appID = try context.parameters.require("appID")
        try await store.revokeAuthorization(userID: user.id, appID: appID)
        return HTMLPage.redirect(to: "/account/settings")
    }
}
