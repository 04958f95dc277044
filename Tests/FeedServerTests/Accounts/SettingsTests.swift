import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Accounts: settings page")
struct SettingsTests {
    @Test
    func signed_out_settings_redirects_to_sign_in() async throws {
        try await withTestServer { server in
            // act
            let response = try await server.client.get("/account/settings")

            // assert
            #expect(response.status == .seeOther)
            #expect(response.location == "/account/login?return_to=%2Faccount%2Fsettings")
        }
    }

    @Test(arguments: Backend.available)
    func registering_an_app_shows_its_keys_and_lists_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("developer"))

            // act
            let response = try await server.client.post(
                "/account/apps", form: ["name": "My Viewer", "redirect_uris": "\(outOfBand)\n\(callbackURI)"],
                headers: formHeaders(cookie: cookie))

            // assert
            #expect(response.status == .created)
            let apps = try await server.store.apps()
            let app = try #require(apps.first)
            #expect(apps.count == 1)
            #expect(app.name == "My Viewer")
            #expect(app.redirectURIs == [outOfBand, callbackURI])
            #expect(response.text.contains(app.accessKey))
            #expect(response.text.contains("Secret key"))
            let settings = try await server.client.get("/account/settings", headers: [.cookie: cookie])
            #expect(settings.text.contains("My Viewer"))
            #expect(settings.text.contains(app.accessKey))
        }
    }

    @Test
    func registering_an_app_with_a_bad_redirect_uri_is_422() async throws {
        try await withTestServer { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("sloppy"))

            // act
            let response = try await server.client.post(
                "/account/apps", form: ["name": "Broken", "redirect_uris": "not a uri"],
                headers: formHeaders(cookie: cookie))

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(try await server.store.apps().isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func settings_lists_authorised_apps(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.registerApp(name: "Gallery Sync")
            let untouched = try await server.registerApp(name: "Never Used")
            let cookie = try await server.client.signedInCookie(TestUser("granter"))
            _ = try await server.client.accessToken(cookie: cookie, app: app, scope: "public")

            // act
            let settings = try await server.client.get("/account/settings", headers: [.cookie: cookie])

            // assert
            #expect(settings.status == .ok)
            #expect(settings.text.contains("Gallery Sync"))
            #expect(settings.text.contains("/account/authorizations/\(app.app.id)/revoke"))
            #expect(!settings.text.contains(untouched.app.name))
        }
    }

    @Test(arguments: Backend.available)
    func revoking_an_authorisation_invalidates_its_tokens(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.registerApp(name: "Gallery Sync")
            let other = try await server.registerApp(name: "Kept App")
            let cookie = try await server.client.signedInCookie(TestUser("revoker"))
            let first = try await server.client.accessToken(cookie: cookie, app: app, scope: "read_user")
            let second = try await server.client.accessToken(cookie: cookie, app: app, scope: "public read_user")
            let kept = try await server.client.accessToken(cookie: cookie, app: other, scope: "read_user")

            // act
            let response = try await server.client.post(
                "/account/authorizations/\(app.app.id)/revoke", form: [:], headers: formHeaders(cookie: cookie))

            // assert
            #expect(response.status == .seeOther)
            #expect(response.location == "/account/settings")
            #expect(try await server.client.get("/me", headers: bearer(first)).status == .unauthorized)
            #expect(try await server.client.get("/me", headers: bearer(second)).status == .unauthorized)
            #expect(try await server.client.get("/me", headers: bearer(kept)).status == .ok)
            let settings = try await server.client.get("/account/settings", headers: [.cookie: cookie])
            #expect(!settings.text.contains("Gallery Sync"))
            #expect(settings.text.contains("Kept App"))
        }
    }

    @Test
    func revoking_from_another_site_is_refused() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("targeted"))
            let token = try await server.client.accessToken(cookie: cookie, app: app, scope: "read_user")

            // act
            let response = try await server.client.post(
                "/account/authorizations/\(app.app.id)/revoke", form: [:],
                headers: formHeaders(cookie: cookie, origin: "https://evil.example"))

            // assert
            #expect(response.status == .forbidden)
            #expect(try await server.client.get("/me", headers: bearer(token)).status == .ok)
        }
    }
}
