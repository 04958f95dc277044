import FeedStore
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// The harness itself: what TestSupport assumes about the server holds.
@Suite("Test server harness")
struct TestServerTests {
    @Test func the_session_cookie_name_is_the_servers() {
        #expect(TestServer.sessionCookieName == SessionCookie.name)
    }

    @Test(arguments: Backend.available)
    func a_user_made_in_the_store_signs_in_with_the_default_password(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let ada = try await server.user("ada")

            // act
            let response = try await server.client.logIn(ada.email, ada.password)

            // assert
            #expect(response.status == .ok)
            #expect(response.sessionCookie != nil)
        }
    }

    @Test
    func a_user_made_in_the_store_holds_only_the_scopes_asked_for() async throws {
        try await withTestServer { server in
            // setup
            let reader = try await server.user("reader", scope: "public read_user")
            let viewer = try await server.user("viewer", scope: "public")

            // act
            let allowed = try await server.client.get("/me", headers: reader.auth)
            let refused = try await server.client.get("/me", headers: viewer.auth)

            // assert
            #expect(allowed.status == .ok)
            #expect(refused.status == .forbidden)
        }
    }

    @Test
    func the_servers_app_is_registered_once_when_first_asked_for() async throws {
        try await withTestServer { server in
            // setup
            let before = try await server.store.apps()

            // act
            let first = try await server.app()
            let again = try await server.app()

            // assert
            #expect(before.isEmpty)
            #expect(first.app.id == again.app.id)
            #expect(try await server.store.apps().map(\.id) == [first.app.id])
        }
    }
}
