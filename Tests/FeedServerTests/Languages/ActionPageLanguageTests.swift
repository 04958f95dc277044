import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// The pages Firebase's emailed links open (`/__/auth/action`) and the disabled account's refusal, in the language
/// of the person reading them as the other server pages are (issue 35): `Accept-Language` or their account's choice,
/// `<html lang dir>` said, every word from the catalogues.
@Suite("Languages: the Firebase action pages")
struct ActionPageLanguageTests {
    static let catalogues = PageLanguageTests.catalogues

    /// A test server reading the web app's catalogues, with the Firebase admin (who lists the emailed links).
    static func withServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        try await withTestServer(
            configure: { configuration in
                adminConfiguration(&configuration)
                configuration.webDirectory = PageLanguageTests.web
            }, body)
    }

    /// The path of the link of the kind `requestType` just sent for `email`, as the admin lists it.
    static func link(_ firebase: FirebaseClient, _ requestType: String, _ email: String) async throws -> (
        path: String, code: String
    ) {
        let link = try #require(
            try await FirebaseLinkTests.links(firebase).last { $0.requestType == requestType && $0.email == email })
        return (try pathAndQuery(link.oobLink), link.oobCode)
    }

    /// The catalogue keys the action pages name (read from their source, as the catalogue tests read the code).
    static let actionKeys: Set<String> = {
        let source = URL(fileURLWithPath: PageLanguageTests.web).deletingLastPathComponent()
            .appendingPathComponent("Sources/FeedServer/Firebase/FirebaseActionController.swift")
        let code = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
        return Set(code.matches(of: #/"(page\.[a-zA-Z.]+)"/#).map { String($0.output.1) })
    }()

    /// The English words of `key` a page in another language must not show: its longest run between placeholders.
    static func englishWords(_ key: String) -> String {
        let parts = PageText.parts(of: catalogues.english.message(key)).compactMap { part in
            if case .text(let text) = part {
                text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            } else {
                nil
            }
        }
        return parts.max { $0.count < $1.count } ?? key
    }

    @Test
    func every_catalogue_holds_every_word_of_the_action_pages() throws {
        // setup: the keys the pages name, the disabled account's refusal with them
        let keys = Self.actionKeys.union(["page.problem.disabled"])
        try #require(keys.contains("page.action.reset.title") && keys.contains("page.action.expired.heading"))

        // assert: each catalogue has each one itself (no English stands in for it)
        for code in Self.catalogues.codes {
            let text = try #require(Self.catalogues.languages[code])
            #expect(
                keys.subtracting(text.messages.keys).isEmpty,
                "\(code) lacks \(keys.subtracting(text.messages.keys).sorted())")
        }
    }

    @Test
    func a_catalogue_lacking_a_word_of_the_action_pages_is_found_out() throws {
        // setup: a web app folder whose Russian catalogue lost the reset page's heading
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacking-\(UUID().uuidString)")
        let i18n = folder.appendingPathComponent("i18n")
        try FileManager.default.createDirectory(at: i18n, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = URL(fileURLWithPath: PageLanguageTests.web).appendingPathComponent("i18n/ru.json")
        var russian = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: web)) as? [String: Any])
        russian["page.action.reset.title"] = nil
        try JSONSerialization.data(withJSONObject: russian).write(to: i18n.appendingPathComponent("ru.json"))

        // act
        let lacking = try #require(try Catalogues(webDirectory: folder.path).languages["ru"])

        // assert: the check the test above makes finds the gap, which the page would fill with English
        #expect(Self.actionKeys.subtracting(lacking.messages.keys) == ["page.action.reset.title"])
        #expect(lacking("page.action.reset.title") == "Reset your password")
    }

    @Test(arguments: [("ru-RU,ru;q=0.9,en;q=0.5", "ru"), ("ko-KR,ko;q=0.9", "ko"), ("ar-EG,ar;q=0.9", "ar")])
    func a_reset_link_opens_pages_in_the_browsers_language(header: String, code: String) async throws {
        try await Self.withServer { server in
            // setup
            let text = try #require(Self.catalogues.languages[code])
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("ada@example.com")
            _ = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
            let link = try await Self.link(firebase, "PASSWORD_RESET", "ada@example.com")
            let language: HTTPFields = [.acceptLanguage: header]
            let posted = formHeaders().merging(language)

            // act
            let form = try await server.client.get(link.path, headers: language)
            let weak = try await server.client.post(
                FirebaseActionController.path,
                form: ["mode": "resetPassword", "oobCode": link.code, "newPassword": "weak"], headers: posted)
            let saved = try await server.client.post(
                FirebaseActionController.path,
                form: ["mode": "resetPassword", "oobCode": link.code, "newPassword": "new-battery-9"], headers: posted)
            let expired = try await server.client.get(link.path, headers: language)

            // assert
            let email = ["email": "<strong>\(text.isolated("ada@example.com"))</strong>"]
            let pages: [(String, TestResponse, HTTPResponse.Status, [String])] = [
                (
                    "form", form, .ok,
                    [
                        text.html("page.action.reset.title"), text.html("page.action.reset.text", email),
                        text.html("page.action.reset.newPassword"), text.html("page.signUp.passwordHint"),
                        text.html("page.action.reset.save"),
                    ]
                ),
                ("weak", weak, .unprocessableContent, [text.html("page.problem.password")]),
                (
                    "saved", saved, .ok,
                    [text.html("page.action.changed.title"), text.html("page.action.changed.text")]
                ),
                (
                    "expired", expired, .badRequest,
                    [
                        text.html("page.expired.title"), text.html("page.action.expired.heading"),
                        text.html("page.action.expired.text"),
                    ]
                ),
            ]
            for (name, response, status, said) in pages {
                #expect(response.status == status, "\(name)")
                #expect(
                    PageLanguageTests.root(response.text) == "<html lang=\"\(code)\" dir=\"\(text.direction)\">",
                    "\(name)")
                #expect(response.headers[.contentLanguage] == code, "\(name)")
                for words in said { #expect(response.text.contains(words), "\(code) \(name): \(words)") }
                Self.expectNoEnglish(response.text, "\(code) \(name)")
            }
        }
    }

    @Test(arguments: ["ru", "ko", "ar"])
    func an_email_verification_link_opens_pages_in_the_browsers_language(code: String) async throws {
        try await Self.withServer { server in
            // setup
            let text = try #require(Self.catalogues.languages[code])
            let firebase = try await FirebaseClient(server)
            let account = try await firebase.signUp("ada@example.com")
            _ = try await firebase.call(
                "accounts:sendOobCode",
                #"{"requestType":"VERIFY_EMAIL","idToken":"\#(try #require(account.idToken))"}"#)
            let link = try await Self.link(firebase, "VERIFY_EMAIL", "ada@example.com")
            let language: HTTPFields = [.acceptLanguage: code]

            // act
            let form = try await server.client.get(link.path, headers: language)
            let verified = try await server.client.post(
                FirebaseActionController.path, form: ["mode": "verifyEmail", "oobCode": link.code],
                headers: formHeaders().merging(language))

            // assert
            let email = ["email": "<strong>\(text.isolated("ada@example.com"))</strong>"]
            #expect(form.status == .ok)
            #expect(verified.status == .ok)
            for (name, response) in [("form", form), ("verified", verified)] {
                #expect(
                    PageLanguageTests.root(response.text) == "<html lang=\"\(code)\" dir=\"\(text.direction)\">",
                    "\(name)")
                Self.expectNoEnglish(response.text, "\(code) \(name)")
            }
            for words in [
                text.html("page.action.verify.title"), text.html("page.action.verify.text", email),
                text.html("page.action.verify.button"),
            ] {
                #expect(form.text.contains(words), "\(code) form: \(words)")
            }
            for words in [
                text.html("page.action.verified.title"), text.html("page.action.verified.text", email),
                text.html("page.action.continue"),
            ] {
                #expect(verified.text.contains(words), "\(code) verified: \(words)")
            }
        }
    }

    @Test
    func the_action_page_speaks_the_signed_in_persons_language_over_the_browsers() async throws {
        try await Self.withServer { server in
            // setup: someone who chose Korean, in an English browser, opening an expired link
            let korean = try #require(Self.catalogues.languages["ko"])
            let cookie = try await server.client.signedInCookie(TestUser("hana"))
            let person = try #require(try await server.store.user(username: "hana"))
            _ = try await server.store.updateProfile(userID: person.id, ProfileChanges(language: "ko"))

            // act
            let page = try await server.client.get(
                FirebaseActionController.path + "?mode=resetPassword&oobCode=gone",
                headers: [.cookie: cookie, .acceptLanguage: "en-US,en;q=0.9"])

            // assert
            #expect(page.status == .badRequest)
            #expect(PageLanguageTests.root(page.text) == "<html lang=\"ko\" dir=\"ltr\">")
            #expect(page.text.contains(korean.html("page.action.expired.heading")))
            Self.expectNoEnglish(page.text, "ko expired")
        }
    }

    @Test
    func a_disabled_account_is_refused_in_the_pages_language_and_in_english_as_json() async throws {
        try await Self.withServer { server in
            // setup
            let arabic = try #require(Self.catalogues.languages["ar"])
            let firebase = try await FirebaseClient(server)
            let account = try await firebase.signUp("ada@example.com")
            let disable = try await firebase.admin(
                "accounts:update", #"{"localId":"\#(account.localId)","disableUser":true}"#)
            try #require(disable.status == .ok, "\(disable.text)")
            let form: KeyValuePairs = ["login": "ada@example.com", "password": FirebaseClient.password]

            // act
            let page = try await server.client.post(
                "/account/login", form: form, headers: formHeaders().merging([.acceptLanguage: "ar"]))
            let json = try await server.client.post(
                "/account/login", form: form, headers: formHeaders(json: true).merging([.acceptLanguage: "ar"]))

            // assert
            #expect(page.status == .forbidden)
            #expect(PageLanguageTests.root(page.text) == "<html lang=\"ar\" dir=\"rtl\">")
            #expect(page.text.contains(arabic.html("page.problem.disabled")))
            #expect(!page.text.contains(AccountController.disabled))
            #expect(json.status == .forbidden)
            #expect(json.errors == [AccountController.disabled])
        }
    }

    /// That `page` shows none of the English words of the action pages' messages.
    static func expectNoEnglish(_ page: String, _ name: String) {
        for key in actionKeys {
            let english = HTMLPage.escape(englishWords(key))
            #expect(!page.contains(english), "\(name) shows \(key)'s English: \(english)")
        }
    }
}
