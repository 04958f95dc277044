import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// The server's own pages in the language of the person reading them (issue 35): their account's choice, else
/// `Accept-Language`, else English; `<html lang dir>` said; refusals in that language on the page and in English in
/// the API's JSON.
@Suite("Languages: the server's pages")
struct PageLanguageTests {
    /// The repository's web app folder, whose `i18n/` holds the catalogues.
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Web").path
    static let catalogues = (try? Catalogues(webDirectory: web)) ?? Catalogues()
    static let languages = ["en", "ru", "ko", "ar"]

    /// A test server serving the web app, so that every catalogue is read.
    static func withServer(_ backend: Backend = .sqlite, _ body: @Sendable (TestServer) async throws -> Void)
        async throws
    {
        try await withTestServer(backend, configure: { $0.webDirectory = web }, body)
    }

    /// `<html lang="…" dir="…">` of a page.
    static func root(_ page: String) -> String? {
        page.firstRange(of: #/<html lang="[a-z]+" dir="(ltr|rtl)">/#).map { String(page[$0]) }
    }

    @Test
    func every_language_of_the_web_app_has_a_catalogue_the_pages_read() {
        #expect(Self.catalogues.codes == ["ar", "en", "ko", "ru"])
        #expect(Self.catalogues.english("page.code.title") == "Authorization code")
    }

    @Test(arguments: [
        ("ru-RU,ru;q=0.9,en;q=0.8", "ru", "ltr"), ("ko-KR,ko;q=0.9", "ko", "ltr"), ("ar-EG,ar;q=0.9", "ar", "rtl"),
        ("fr-FR,fr;q=0.9", "en", "ltr"), ("de;q=0.3, ko;q=0.6", "ko", "ltr"),
    ])
    func the_sign_in_page_speaks_the_language_the_browser_asks_for(
        header: String, code: String, direction: String
    ) async throws {
        try await Self.withServer { server in
            // setup
            let text = try #require(Self.catalogues.languages[code])

            // act
            let response = try await server.client.get("/account/login", headers: [.acceptLanguage: header])

            // assert
            #expect(response.status == .ok)
            #expect(Self.root(response.text) == "<html lang=\"\(code)\" dir=\"\(direction)\">")
            #expect(response.headers[.contentLanguage] == code)
            for key in ["screen.signIn", "signIn.login", "signIn.password", "signUp.link"] {
                #expect(response.text.contains(HTMLPage.escape(text(key))), "\(code): \(key)")
            }
            if code != "en" { #expect(!response.text.contains("Email or username")) }
        }
    }

    @Test(arguments: languages)
    func every_page_speaks_each_language(code: String) async throws {
        try await Self.withServer { server in
            // setup: a person signed in with that language chosen, an app asking for their consent
            let text = try #require(Self.catalogues.languages[code])
            let cookie = try await server.client.signedInCookie(TestUser("reader_\(code)"))
            let person = try #require(try await server.store.user(username: "reader_\(code)"))
            _ = try await server.store.updateProfile(userID: person.id, ProfileChanges(language: code))
            let app = try await server.app()
            let signedIn: HTTPFields = [.cookie: cookie, .acceptLanguage: "en-US,en;q=0.9"]
            let asks = "/oauth/authorize?" + authorizeQuery(app, scope: "public write_likes")

            // act: each page, the browser asking for English — the account's choice wins
            let pages: [(String, TestResponse, [String])] = [
                (
                    "settings", try await server.client.get("/account/settings", headers: signedIn),
                    ["page.settings.title", "page.settings.authorized", "page.settings.register"]
                ),
                (
                    "consent", try await server.client.get(asks, headers: signedIn),
                    ["page.consent.allow", "page.consent.deny", "page.scope.public", "page.scope.writeLikes"]
                ),
                (
                    "code", try await server.client.get("/oauth/authorize/native?code=abc", headers: signedIn),
                    ["page.code.title", "page.code.text", "page.code.expiry"]
                ),
                (
                    "unknown app", try await server.client.get("/oauth/authorize?client_id=nobody", headers: signedIn),
                    ["page.unknownApp.title", "page.unknownApp.text"]
                ),
                (
                    "sign-up", try await server.client.get("/account/signup", headers: [.acceptLanguage: code]),
                    ["page.signUp.title", "profile.firstName", "page.signUp.passwordHint", "page.signUp.submit"]
                ),
                (
                    "missing photo", try await server.client.get("/p/nosuchphoto", headers: [.acceptLanguage: code]),
                    ["viewer.missing.title", "page.share.missing", "page.share.open"]
                ),
            ]

            // assert
            for (name, response, keys) in pages {
                #expect(Self.root(response.text) == "<html lang=\"\(code)\" dir=\"\(text.direction)\">", "\(name)")
                for key in keys {
                    #expect(response.text.contains(HTMLPage.escape(text(key))), "\(code) \(name): \(key)")
                }
            }
        }
    }

    @Test
    func the_share_page_says_its_language_and_varies_by_it() async throws {
        try await Self.withServer { server in
            // act
            let response = try await server.client.get("/p/nosuchphoto", headers: [.acceptLanguage: "ar"])

            // assert
            #expect(response.status == .notFound)
            #expect(Self.root(response.text) == "<html lang=\"ar\" dir=\"rtl\">")
            #expect(response.headers[.vary] == "Accept-Language")
        }
    }

    @Test(arguments: Backend.available)
    func a_taken_email_is_refused_in_the_pages_language_and_in_english_as_json(backend: Backend) async throws {
        try await Self.withServer(backend) { server in
            // setup
            try await server.client.signUp(TestUser("first"))
            let again = TestUser("second", email: "first@example.com")
            var page = formHeaders()
            page[.acceptLanguage] = "ru-RU"
            var json = formHeaders(json: true)
            json[.acceptLanguage] = "ru-RU"

            // act
            let form = try await server.client.post("/account/signup", form: again.signUpForm, headers: page)
            let api = try await server.client.post("/account/signup", form: again.signUpForm, headers: json)

            // assert
            #expect(form.status == .conflict)
            #expect(form.text.contains(HTMLPage.escape(Self.catalogues.languages["ru"]!("signUp.emailTaken"))))
            #expect(!form.text.contains(AccountRules.emailTaken))
            #expect(api.status == .conflict)
            #expect(api.errors == [AccountRules.emailTaken])
        }
    }

    @Test
    func a_wrong_password_and_a_broken_rule_are_refused_in_the_pages_language() async throws {
        try await Self.withServer { server in
            // setup
            try await server.client.signUp(TestUser("korean"))
            var headers = formHeaders()
            headers[.acceptLanguage] = "ko"
            let korean = try #require(Self.catalogues.languages["ko"])

            // act
            let login = try await server.client.post(
                "/account/login", form: ["login": "korean", "password": "not-it-1!"], headers: headers)
            let signUp = try await server.client.post(
                "/account/signup",
                form: [
                    "username": "x", "first_name": "", "last_name": "Kim", "email": "kim@example.com",
                    "password": "short",
                ], headers: headers)

            // assert
            #expect(login.status == .unauthorized)
            #expect(login.text.contains(HTMLPage.escape(korean("page.problem.wrongCredentials"))))
            #expect(signUp.status == .unprocessableContent)
            for key in ["page.problem.username", "page.problem.firstNameBlank", "page.problem.password"] {
                #expect(signUp.text.contains(HTMLPage.escape(korean(key))), "\(key)")
            }
        }
    }

    @Test
    func a_throttled_sign_in_says_how_long_to_wait_in_the_pages_language() async throws {
        try await Self.withServer { server in
            // setup
            for _ in 1...5 { _ = try await server.client.logIn("someone@example.com", "wrong-guess-1") }
            var headers = formHeaders()
            headers[.acceptLanguage] = "ru-RU,ru;q=0.9"

            // act
            let response = try await server.client.post(
                "/account/login", form: ["login": "someone@example.com", "password": "wrong-guess-1"], headers: headers)

            // assert: the wait as Russian says a time from now ("через 30 секунд")
            #expect(response.status == .tooManyRequests)
            #expect(response.text.contains("Слишком много неудачных попыток входа. Повторите попытку через "))
        }
    }

    @Test
    func every_refusal_the_account_pages_show_has_a_message_in_every_catalogue() throws {
        // setup: each rule's English words, and the registration's refusal of a redirect URI
        let refusals = Array(PageText.problemKeys.keys) + ["myapp:/cb is not an absolute redirect URI."]

        // act + assert: each one said otherwise in every other language
        #expect(PageText.problemKeys.count == 14)
        for code in ["ru", "ko", "ar"] {
            let text = try #require(Self.catalogues.languages[code])
            for refusal in refusals {
                let said = text.problem(refusal)
                #expect(said != refusal && !said.contains("page.problem"), "\(code): \(refusal)")
            }
        }
        #expect(Self.catalogues.english.problem(AccountRules.emailTaken) == AccountRules.emailTaken)
    }

    @Test
    func without_a_web_app_folder_the_pages_speak_the_compiled_in_languages() async throws {
        try await withTestServer { server in
            // act: a server with no web app, asked in Arabic and in a language it has no catalogue of
            let arabic = try await server.client.get("/account/login", headers: [.acceptLanguage: "ar"])
            let german = try await server.client.get("/account/login", headers: [.acceptLanguage: "de"])

            // assert
            #expect(Self.root(arabic.text) == "<html lang=\"ar\" dir=\"rtl\">")
            #expect(arabic.text.contains(HTMLPage.escape(Self.catalogues.languages["ar"]!("signIn.login"))))
            #expect(Self.root(german.text) == "<html lang=\"en\" dir=\"ltr\">")
            #expect(german.text.contains("Email or username"))
        }
    }

    @Test
    func the_compiled_in_catalogues_are_the_web_apps() {
        // act
        let compiled = Catalogues()

        // assert: the same languages, word for word (the server compiles the files the web app serves)
        #expect(compiled.codes == Self.catalogues.codes)
        for code in compiled.codes {
            #expect(compiled.languages[code]?.messages == Self.catalogues.languages[code]?.messages, "\(code)")
        }
    }
}
