import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// The page the password-reset and email-verification links open (`/__/auth/action?mode=…&oobCode=…`, the path of
/// Firebase's hosted action handler): a form for the new password, or a button that verifies the email. The links
/// are written to the log and listed by the emulator's `oobCodes`; whoever follows one lands here. A server-rendered
/// page in the pages group (same-origin posts only, in the request's language), so it works without the web app.
struct FirebaseActionController: Sendable {
    let auth: FirebaseAuthService

    static let path = "/__/auth/action"

    func addRoutes(to pages: RouteGroup) {
        pages.get(Self.path, use: show)
        pages.post(Self.path, use: act)
    }

    @Sendable func show(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        return try await page(context.text, mode: query["mode"] ?? "", code: query["oobCode"] ?? "", problem: nil)
    }

    @Sendable func act(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let text = context.text
        let form = try await RequestParameters.collect(request, context: context)
        let mode = try form["mode"] ?? ""
        let code = try form["oobCode"] ?? ""
        do {
            switch mode {
            case "resetPassword":
                _ = try await auth.resetPassword(
                    ResetPasswordRequest(oobCode: code, newPassword: try form["newPassword"] ?? ""))
                return Self.done(
                    text, title: text("page.action.changed.title"),
                    message: text.html("page.action.changed.text"), link: "/account/login")
            case "verifyEmail", "verifyAndChangeEmail":
                let account = try await auth.apply(code: code)
                return Self.done(
                    text, title: text("page.action.verified.title"),
                    message: account.email.map { email in
                        text.html("page.action.verified.text", ["email": "<strong>\(text.isolated(email))</strong>"])
                    }, link: "/")
            default:
                return Self.expired(text)
            }
        } catch let error as FirebaseAuthError where error.code == "WEAK_PASSWORD" || error.code == "MISSING_PASSWORD" {
            // The rule's English words (the API's), said in the page's language.
            let problem = error.detail.map(text.problem) ?? text("page.problem.password")
            return try await page(text, mode: mode, code: code, problem: problem, status: .unprocessableContent)
        } catch is FirebaseAuthError {
            return Self.expired(text)
        }
    }

    /// The form for the link's code, or the expired page when the code is unknown, used or past its time.
    func page(
        _ text: PageText, mode: String, code: String, problem: String?, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard !code.isEmpty, let link = try? await auth.resetPassword(ResetPasswordRequest(oobCode: code)) else {
            return Self.expired(text)
        }
        let hidden = HTMLPage.hidden("mode", mode) + HTMLPage.hidden("oobCode", code)
        switch (mode, link.requestType) {
        case ("resetPassword", "PASSWORD_RESET"):
            let title = text("page.action.reset.title")
            let account = ["email": "<strong>\(text.isolated(link.email))</strong>"]
            return HTMLPage.response(
                text, title: title, status: status,
                body: """
                    <h1>\(HTMLPage.escape(title))</h1>
                    <p class="muted">\(text.html("page.action.reset.text", account))</p>
                    \(HTMLPage.errors(problem.map { [$0] } ?? []))
                    <form method="post" action="\(Self.path)">\(hidden)
                    <label for="newPassword">\(HTMLPage.escape(text("page.action.reset.newPassword")))</label>
                    <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required autofocus>
                    <p class="muted">\(HTMLPage.escape(text("page.signUp.passwordHint")))</p>
                    <button type="submit">\(HTMLPage.escape(text("page.action.reset.save")))</button>
                    </form>
                    """)
        case ("verifyEmail", "VERIFY_EMAIL"), ("verifyAndChangeEmail", "VERIFY_AND_CHANGE_EMAIL"):
            let title = text("page.action.verify.title")
            let email = ["email": "<strong>\(text.isolated(link.newEmail ?? link.email))</strong>"]
            return HTMLPage.response(
                text, title: title, status: status,
                body: """
                    <h1>\(HTMLPage.escape(title))</h1>
                    <p>\(text.html("page.action.verify.text", email))</p>
                    <form method="post" action="\(Self.path)">\(hidden)\
                    <button type="submit">\(HTMLPage.escape(text("page.action.verify.button")))</button></form>
                    """)
        default:
            return Self.expired(text)
        }
    }

    static func expired(_ text: PageText) -> Response {
        HTMLPage.response(
            text, title: text("page.expired.title"), status: .badRequest,
            body: """
                <h1>\(HTMLPage.escape(text("page.action.expired.heading")))</h1>
                <p class="muted">\(HTMLPage.escape(text("page.action.expired.text")))</p>
                """)
    }

    /// A page that says it is done: `title`, `message` (HTML, its words from the catalogue) and a link onwards.
    static func done(_ text: PageText, title: String, message: String?, link: String) -> Response {
        HTMLPage.response(
            text, title: title,
            body: """
                <h1>\(HTMLPage.escape(title))</h1>
                \(message.map { "<p>\($0)</p>" } ?? "")
                <p><a href="\(link)">\(HTMLPage.escape(text("page.action.continue")))</a></p>
                """)
    }
}
