import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("OAuth: /oauth/authorize")
struct OAuthAuthorizeTests {
    /// What the consent page says in English (the compiled-in catalogue).
    let english = Catalogues().english
    @Test
    func signed_out_authorize_redirects_to_sign_in_and_back() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let person = TestUser("visitor")
            try await server.client.signUp(person)
            let authorize = "/oauth/authorize?" + authorizeQuery(app, scope: "public+read_user")

            // act
            let redirect = try await server.client.get(authorize)
            let location = try #require(redirect.location)
            let returnTo = try #require(queryItems("http://localhost" + location)["return_to"])
            let signIn = try await server.client.post(
                "/account/login", form: ["login": person.email, "password": person.password, "return_to": returnTo],
                headers: formHeaders())

            // assert
            #expect(redirect.status == .seeOther)
            #expect(location.hasPrefix("/account/login?return_to="))
            #expect(returnTo == authorize)
            #expect(signIn.status == .seeOther)
            #expect(signIn.location == authorize)
            let consent = try await server.client.get(authorize, headers: [.cookie: try #require(signIn.sessionCookie)])
            #expect(consent.status == .ok)
        }
    }

    @Test
    func signed_in_authorize_shows_consent_naming_the_app_and_scopes() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.registerApp(name: "Sunrise Frame")
            let cookie = try await server.client.signedInCookie(TestUser("consenter"))

            // act
            let response = try await server.client.get(
                "/oauth/authorize?" + authorizeQuery(app, scope: "public read_user write_likes"),
                headers: [.cookie: cookie])

            // assert
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            let page = response.text
            #expect(page.contains("Sunrise Frame"))
            #expect(page.contains("@consenter"))
            for scope in [Scope.public, .readUser, .writeLikes] { #expect(page.contains(english(scope.summaryKey))) }
            #expect(!page.contains(english(Scope.writeUser.summaryKey)))
            #expect(page.contains("value=\"allow\""))
            #expect(page.contains("value=\"deny\""))
        }
    }

    /// The scope parameter as clients write it: `+` (a space once decoded), `%20`, a literal `+` (`%2B`), commas.
    @Test(arguments: [
        "public+read_user+write_likes", "public%20read_user%20write_likes",
        "public%2Bread_user%2Bwrite_likes", "public,read_user,write_likes", "public%2Cread_user%2Cwrite_likes",
    ])
    func scope_is_split_on_spaces_plus_signs_and_commas(rawScope: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("splitter"))
            let query = authorizeQuery(app, scope: nil) + "&scope=" + rawScope

            // act
            let consent = try await server.client.get("/oauth/authorize?" + query, headers: [.cookie: cookie])
            let decision = try await server.client.decide(query, cookie: cookie)
            let location = try #require(decision.location)
            let code = try #require(queryItems(location)["code"])
            let token = try await server.client.exchange(code, app)

            // assert
            #expect(consent.status == .ok)
            #expect(consent.text.contains(english(Scope.writeLikes.summaryKey)))
            #expect(try token.object()["scope"] as? String == "public read_user write_likes")
        }
    }

    @Test(arguments: Backend.available)
    func allow_redirects_with_code_and_state(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("allower"))

            // act
            let response = try await server.client.decide(authorizeQuery(app, state: "s t&a=te"), cookie: cookie)

            // assert
            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(location.hasPrefix(callbackURI + "?"))
            let items = queryItems(location)
            #expect(items["code"]?.isEmpty == false)
            #expect(items["state"] == "s t&a=te")
        }
    }

    @Test
    func out_of_band_redirect_goes_to_the_native_page_which_shows_the_code() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("native"))

            // act
            let response = try await server.client.decide(
                authorizeQuery(app, redirectURI: outOfBand, scope: "public+read_user+write_likes", state: nil),
                cookie: cookie)
            let location = try #require(response.location)
            let page = try await server.client.get(location)

            // assert
            #expect(response.status == .found)
            let components = try #require(URLComponents(string: location))
            #expect(components.path == "/oauth/authorize/native")
            let code = try #require(queryItems(location)["code"])
            #expect(page.status == .ok)
            #expect(page.text.contains(code))
        }
    }

    @Test
    func deny_redirects_with_access_denied_and_state() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("denier"))

            // act
            let response = try await server.client.decide(
                authorizeQuery(app, state: "abc"), cookie: cookie, decision: "deny")

            // assert
            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(location.hasPrefix(callbackURI + "?"))
            #expect(queryItems(location)["error"] == "access_denied")
            #expect(queryItems(location)["state"] == "abc")
            #expect(queryItems(location)["code"] == nil)
        }
    }

    enum BadClient: String, CaseIterable, Sendable {
        case unknownClient, unregisteredRedirect, mismatchedRedirect, missingClient

        /// The authorize query of this untrusted case, made from a registered `app`.
        func query(for app: RegisteredApp) -> String {
            switch self {
            case .unknownClient:
                var unknown = app.app
                unknown.accessKey = "nope"
                return authorizeQuery(RegisteredApp(app: unknown, secret: ""))
            case .unregisteredRedirect: return authorizeQuery(app, redirectURI: "https://evil.example/cb")
            case .mismatchedRedirect: return authorizeQuery(app, redirectURI: callbackURI + "/extra")
            case .missingClient: return "redirect_uri=\(callbackURI)&response_type=code"
            }
        }
    }

    @Test(arguments: BadClient.allCases, [true, false])
    func untrusted_client_or_redirect_is_an_error_page_not_a_redirect(bad: BadClient, signedIn: Bool) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            var headers: HTTPFields = [:]
            if signedIn { headers[.cookie] = try await server.client.signedInCookie(TestUser("cautious")) }
            let query = bad.query(for: app)

            // act
            let response = try await server.client.get("/oauth/authorize?" + query, headers: headers)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.location == nil)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test(arguments: BadClient.allCases)
    func untrusted_redirect_is_refused_on_consent_too(bad: BadClient) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("cautious"))
            let query = bad.query(for: app)

            // act
            let response = try await server.client.decide(query, cookie: cookie)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.location == nil)
        }
    }

    @Test(arguments: ["token", "", "code token"])
    func unsupported_response_type_redirects_with_the_error(responseType: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()

            // act
            let response = try await server.client.get(
                "/oauth/authorize?" + authorizeQuery(app, responseType: responseType, state: "st"))

            // assert
            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(location.hasPrefix(callbackURI + "?"))
            #expect(queryItems(location)["error"] == "unsupported_response_type")
            #expect(queryItems(location)["state"] == "st")
        }
    }

    @Test
    func unknown_scope_redirects_with_invalid_scope() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()

            // act
            let response = try await server.client.get(
                "/oauth/authorize?" + authorizeQuery(app, scope: "public admin", state: "st"))

            // assert
            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(location.hasPrefix(callbackURI + "?"))
            #expect(queryItems(location)["error"] == "invalid_scope")
            #expect(queryItems(location)["error_description"]?.contains("admin") == true)
            #expect(queryItems(location)["state"] == "st")
        }
    }

    @Test
    func public_app_without_pkce_is_refused_with_invalid_request() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.registerApp(isPublic: true)
            let cookie = try await server.client.signedInCookie(TestUser("mobile"))

            // act
            let response = try await server.client.get(
                "/oauth/authorize?" + authorizeQuery(app), headers: [.cookie: cookie])
            let decision = try await server.client.decide(authorizeQuery(app), cookie: cookie)

            // assert
            for answer in [response, decision] {
                #expect(answer.status == .found)
                let location = try #require(answer.location)
                #expect(queryItems(location)["error"] == "invalid_request")
                #expect(queryItems(location)["code"] == nil)
            }
        }
    }

    @Test
    func public_app_with_an_s256_challenge_gets_consent() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.registerApp(isPublic: true)
            let cookie = try await server.client.signedInCookie(TestUser("mobile"))
            let challenge = Secrets.pkceChallenge(verifier: Secrets.make())

            // act
            let response = try await server.client.get(
                "/oauth/authorize?"
                    + authorizeQuery(
                        app, extra: ["code_challenge": challenge, "code_challenge_method": "S256"]),
                headers: [.cookie: cookie])

            // assert
            #expect(response.status == .ok)
            #expect(response.text.contains(challenge))
        }
    }

    @Test(arguments: [true, false])
    func plain_pkce_method_is_refused_with_or_without_a_challenge(withChallenge: Bool) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.registerApp(isPublic: !withChallenge)
            let verifier = Secrets.make()

            // act
            let response = try await server.client.get(
                "/oauth/authorize?"
                    + authorizeQuery(
                        app,
                        extra: withChallenge
                            ? ["code_challenge": verifier, "code_challenge_method": "plain"]
                            : ["code_challenge_method": "plain"]))

            // assert
            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(queryItems(location)["error"] == "invalid_request")
        }
    }

    @Test
    func consent_without_a_session_is_refused() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()

            // act
            let response = try await server.client.send(
                .post, "/oauth/authorize", headers: formHeaders(), body: authorizeQuery(app) + "&decision=allow")

            // assert
            #expect(response.status == .unauthorized)
            #expect(response.location == nil)
        }
    }
}
