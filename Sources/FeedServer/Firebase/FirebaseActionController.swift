import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// The page the password-reset and email-verification links open (`/__/auth/action?mode=…&oobCode=…`, the path of
/// Firebase's hosted action handler): a form for the new password, or a button that verifies the email. The links
/// are written to the log and listed by the emulator's `oobCodes`; whoever follows one lands here. A server-rendered
/// page in the pages group (same-origin posts only), so it works without the web app.
struct FirebaseActionController: Sendable {
    let auth: FirebaseAuthService

    static let path = "/__/auth/action"

    func addRoutes(to pages: RouteGroup) {
        pages.get(Self.path, use: show)
        pages.post(Self.path, use: act)
    }

    @Sendable func show(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        return try await page(mode: query["mode"] ?? "", code: query["oobCode"] ?? "", problem: nil)
    }

    @Sendable func act(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let form = try await RequestParameters.collect(request, context: context)
        let mode = try form["mode"] ?? ""
        let code = try form["oobCode"] ?? ""
        do {
            switch mode {
            case "resetPassword":
                _ = try await auth.resetPassword(
                    ResetPasswordRequest(oobCode: code, newPassword: try form["newPassword"] ?? ""))
                return Self.done(
                    "Your password has been changed", "Sign in with your new password.", link: "/account/login")
            case "verifyEmail", "verifyAndChangeEmail":
                let account = try await auth.apply(code: code)
                return Self.done(
                    "Your email is verified", "\(account.email ?? "Your email") is verified.", link: "/")
            default:
                return Self.expired()
            }
        } catch let error as FirebaseAuthError where error.code == "WEAK_PASSWORD" || error.code == "MISSING_PASSWORD" {
            return try await page(
                mode: mode, code: code, problem: error.detail ?? "Choose a password.", status: .unprocessableContent)
        } catch is FirebaseAuthError {
            return Self.expired()
        }
    }

    /// The form for the link's code, or the expired page when the code is unknown, used or past its time.
    func page(mode: String, code: String, problem: String?, status: HTTPResponse.Status = .ok) async throws -> Response
    {
        guard !code.isEmpty, let link = try? await auth.resetPassword(ResetPasswordRequest(oobCode: code)) else {
            return Self.expired()
        }
        let hidden = HTMLPage.hidden("mode", mode) + HTMLPage.hidden("oobCode", code)
        switch (mode, link.requestType) {
        case ("resetPassword", "PASSWORD_RESET"):
            return HTMLPage.response(
                Catalogues.englishText, title: "Reset your password", status: status,
                body: """
                    <h1>Reset your password</h1>
                    <p class="muted">for <strong>\(HTMLPage.escape(link.email))</strong></p>
                    \(HTMLPage.errors(problem.map { [$0] } ?? []))
                    <form method="post" action="\(Self.path)">\(hidden)
                    <label for="newPassword">New password</label>
                    <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required autofocus>
                    <p class="muted">At least 8 characters, with a digit and a special character.</p>
                    <button type="submit">Save</button>
                    </form>
                    """)
        case ("verifyEmail", "VERIFY_EMAIL"), ("verifyAndChangeEmail", "VERIFY_AND_CHANGE_EMAIL"):
            let email = link.newEmail ?? link.email
            return HTMLPage.response(
                Catalogues.englishText, title: "Verify your email", status: status,
                body: """
                    <h1>Verify your email</h1>
                    <p><strong>\(HTMLPage.escape(email))</strong></p>
                    <form method="post" action="\(Self.path)">\(hidden)<button type="submit">Verify</button></form>
                    """)
        default:
            return Self.expired()
        }
    }

    static func expired() -> Response {
        HTMLPage.response(
            Catalogues.englishText, title: "Link expired", status: .badRequest,
            body: """
                <h1>This link has expired</h1>
                <p class="muted">It was used already, or it is too old. Ask for a new one from the app.</p>
                """)
    }

    static func done(_ title: String, _ text: String, link: String) -> Response {
        HTMLPage.response(
            Catalogues.englishText, title: title,
            body: """
                <h1>\(HTMLPage.escape(title))</h1>
                <p>\(HTMLPage.escape(text))</p>
                <p><a href="\(link)">Continue</a></p>
                """)
    }
}
