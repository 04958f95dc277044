import Firebase
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The REST API in-process over a live socket: every method, parameter and header Firebase's clients use.
@Suite("Database REST")
struct DatabaseRESTTests {
    @Test(arguments: Backend.available)
    func the_methods_write_and_read_as_firebase_answers_them(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            // PUT echoes the data
            let put = try await client.database(.put, "/users/ada.json?ns=test", body: #"{"first": "Ada", "n": 1}"#)
            #expect(put.status == .ok)
            #expect(try put.node() == (try node(#"{"first": "Ada", "n": 1}"#)))
            #expect(put.headers[.contentType] == "application/json; charset=utf-8")
            #expect(put.headers[.accessControlAllowOrigin] == "*")

            // POST pushes
            let post = try await client.database(.post, "/users/ada/favs.json?ns=test", body: #""a.jpg""#)
            let name = try #require((try Firebase.JSONValue.parse(post.text))["name"]?.stringValue)
            #expect(name.count == 20)

            // PATCH merges and echoes the update
            let patch = try await client.database(.patch, "/users/ada.json?ns=test", body: #"{"last": "L", "n": null}"#)
            #expect(try patch.node() == (try node(#"{"last": "L"}"#)))

            // GET reads; DELETE removes and answers null
            #expect(
                try await client.database(.get, "/users/ada.json?ns=test").node()
                    == (try node(#"{"first": "Ada", "last": "L", "favs": {"\#(name)": "a.jpg"}}"#)))
            let delete = try await client.database(.delete, "/users/ada/favs.json?ns=test")
            #expect(delete.status == .ok)
            #expect(delete.text == "null")
            #expect(try await client.database(.get, "/users/ada/favs.json?ns=test").text == "null")
            #expect(try await db.get("users/ada") == (try node(#"{"first": "Ada", "last": "L"}"#)))
        }
    }

    @Test(arguments: Backend.available)
    func the_namespace_comes_from_ns_or_the_host(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            try await client.database(.put, "/x.json?ns=from-ns", body: "1")
            for (host, value) in [("from-host.example.com:9000", 2), ("127.0.0.1:9000", 3)] {
                let request =
                    "PUT /x.json HTTP/1.1\r\nHost: \(host)\r\nAuthorization: Bearer owner\r\n"
                    + "Content-Length: 1\r\nConnection: close\r\n\r\n\(value)"
                let answer = try await rawHTTP(port: try #require(client.port), Array(request.utf8))
                #expect(answer.hasPrefix("HTTP/1.1 200"))
            }
            #expect(try await db.get("x", ns: "from-ns") == .number(1))
            #expect(try await db.get("x", ns: "from-host") == .number(2))
            #expect(try await db.get("x", ns: db.database.settings.defaultNamespace) == .number(3))
            let bad = try await client.database(.get, "/x.json?ns=no%20such")
            #expect(bad.status == .notFound)
        }
    }

    @Test(arguments: Backend.available)
    func print_shallow_format_callback_and_download_shape_the_answer(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { _, client in
            try await client.database(
                .put, "/a.json?ns=test", body: #"{"b": {"c": 1}, "d": {".value": "x", ".priority": 2}}"#)

            let pretty = try await client.database(.get, "/a.json?ns=test&print=pretty")
            #expect(pretty.text == "{\n  \"b\" : {\n    \"c\" : 1\n  },\n  \"d\" : \"x\"\n}")
            let silent = try await client.database(.put, "/a/e.json?ns=test&print=silent", body: "5")
            #expect(silent.status == .noContent)
            #expect(silent.body.readableBytes == 0)
            let shallow = try await client.database(.get, "/a.json?ns=test&shallow=true")
            #expect(try shallow.node() == (try node(#"{"b": true, "d": true, "e": true}"#)))
            let export = try await client.database(.get, "/a/d.json?ns=test&format=export")
            #expect(export.text == #"{".value":"x",".priority":2}"#)
            let jsonp = try await client.database(.get, "/a/e.json?ns=test&callback=app.got")
            #expect(jsonp.text == "app.got(5);")
            #expect(jsonp.headers[.contentType] == "application/javascript; charset=utf-8")
            let download = try await client.database(.get, "/a/e.json?ns=test&download=e.json")
            #expect(download.headers[.contentDisposition] == #"attachment; filename="e.json""#)
            let timed = try await client.database(.get, "/a/e.json?ns=test&timeout=5s")
            #expect(timed.text == "5")
        }
    }

    @Test(arguments: Backend.available)
    func method_override_turns_a_post_into_another_method(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            let override = HTTPField.Name("X-HTTP-Method-Override")!
            try await client.database(.post, "/a.json?ns=test", body: "1", headers: [override: "PUT"])
            #expect(try await db.get("a") == .number(1))
            try await client.database(.post, "/a.json?ns=test&x-http-method-override=DELETE")
            #expect(try await db.get("a").isNull)
            let bad = try await client.database(.post, "/a.json?ns=test", body: "1", headers: [override: "TRACE"])
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage?.contains("X-HTTP-Method-Override") == true)
        }
    }

    @Test(arguments: Backend.available)
    func queries_answer_their_window(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { _, client in
            try await client.database(
                .put, "/.settings/rules.json?ns=test", body: #"{"rules": {"d": {".indexOn": ["height", ".value"]}}}"#)
            try await client.database(
                .put, "/d.json?ns=test",
                body: #"{"a": {"height": 3}, "b": {"height": 1}, "c": {"height": 2}, "e": {"height": 2}}"#)
            func keys(_ query: String) async throws -> [String] {
                try await client.database(.get, "/d.json?ns=test&" + query).node().children.keys
            }
            #expect(try await keys(#"orderBy=%22height%22&limitToFirst=2"#) == ["b", "c"])
            #expect(try await keys(#"orderBy=%22height%22&limitToLast=1"#) == ["a"])
            #expect(try await keys(#"orderBy=%22height%22&equalTo=2"#) == ["c", "e"])
            #expect(try await keys(#"orderBy=%22height%22&startAt=2,%22e%22"#) == ["a", "e"])
            #expect(try await keys(#"orderBy=%22height%22&startAfter=2"#) == ["a"])
            #expect(try await keys(#"orderBy=%22height%22&endBefore=2"#) == ["b"])
            #expect(try await keys(#"orderBy=%22$key%22&startAt=%22b%22&endAt=%22c%22"#) == ["b", "c"])
            #expect(try await keys(#"orderBy=%22$priority%22&limitToFirst=1"#) == ["a"])

            // refusals, with Firebase's texts
            let unindexed = try await client.database(.get, #"/d.json?ns=test&orderBy=%22weight%22&limitToFirst=1"#)
            #expect(unindexed.status == .badRequest)
            #expect(
                unindexed.errorMessage == #"Index not defined, add ".indexOn": "weight", for path "/d", to the rules"#)
            let noOrder = try await client.database(.get, "/d.json?ns=test&limitToFirst=1")
            #expect(noOrder.errorMessage == "orderBy must be defined when other query parameters are defined")
            let badOrder = try await client.database(.get, "/d.json?ns=test&orderBy=height")
            #expect(badOrder.errorMessage == "orderBy must be a valid JSON encoded path")
            let badLimit = try await client.database(.get, #"/d.json?ns=test&orderBy=%22height%22&limitToFirst=0"#)
            #expect(badLimit.status == .badRequest)
            let mixed = try await client.database(.get, #"/d.json?ns=test&orderBy=%22height%22&shallow=true"#)
            #expect(mixed.errorMessage == "Mixing 'shallow' and querying parameters is not supported")
        }
    }

    @Test(arguments: Backend.available)
    func etags_make_writes_conditional(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { _, client in
            let firebaseETag = HTTPField.Name("X-Firebase-ETag")!
            // nothing there: null_etag, and a write on it holds once
            let empty = try await client.database(.get, "/c.json?ns=test", headers: [firebaseETag: "true"])
            #expect(empty.headers[.eTag] == "null_etag")
            let first = try await client.database(
                .put, "/c.json?ns=test", body: "1", headers: [.ifMatch: "null_etag", firebaseETag: "true"])
            #expect(first.status == .ok)
            let etag = try #require(first.headers[.eTag])

            // a stale ETag: 412 with the current value and its ETag, nothing written
            let stale = try await client.database(.put, "/c.json?ns=test", body: "2", headers: [.ifMatch: "null_etag"])
            #expect(stale.status == .preconditionFailed)
            #expect(stale.text == "1")
            #expect(stale.headers[.eTag] == etag)

            // the current one: written; if-none-match with it: 304
            #expect(try await client.database(.delete, "/c.json?ns=test", headers: [.ifMatch: etag]).status == .ok)
            let unchanged = try await client.database(.get, "/c.json?ns=test", headers: [.ifNoneMatch: "null_etag"])
            #expect(unchanged.status == .notModified)
            let conditionalPatch = try await client.database(
                .patch, "/c.json?ns=test", body: "{}", headers: [.ifMatch: etag])
            #expect(conditionalPatch.status == .badRequest)
        }
    }

    @Test(arguments: Backend.available)
    func rules_are_read_and_replaced_by_the_admin_only(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            let rules = #"{"rules": {".read": true}}"#
            #expect(
                try await client.database(.put, "/.settings/rules.json?ns=test", body: rules).text
                    == #"{"status":"ok"}"#)
            #expect(try await client.database(.get, "/.settings/rules.json?ns=test").text == rules)
            let anonymous = try await client.database(.get, "/.settings/rules.json?ns=test", admin: false)
            #expect(anonymous.status == .unauthorized)
            let bad = try await client.database(
                .put, "/.settings/rules.json?ns=test", body: "{\"rules\": {\".write\": \"newData.foo()\"}}")
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage?.hasPrefix("Line 1 (/rules/.write") == true)
            #expect(try await db.database.rulesSource(namespace: "test", caller: .admin) == rules)
        }
    }

    @Test(arguments: Backend.available)
    func behind_a_trusted_proxy_the_admin_token_counts_only_from_the_proxys_own_machine(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend, trustedProxies: ["127.0.0.1", "::1"]) { _, client in
            let forwardedFor = HTTPField.Name("X-Forwarded-For")!
            // this machine, through nginx on it
            let local = try await client.database(
                .get, "/.settings/rules.json?ns=test", headers: [forwardedFor: "127.0.0.1"])
            #expect(local.status == .ok)
            // someone elsewhere sending the admin token through the same nginx: not this machine
            let remote = try await client.database(
                .get, "/.settings/rules.json?ns=test", headers: [forwardedFor: "203.0.113.9"])
            #expect(remote.status == .unauthorized)
        }
    }

    @Test(arguments: Backend.available)
    func callers_are_told_apart_by_their_credentials(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            let ada = db.tokens.token(for: "ada")
            // a person by auth= or access_token=, under the default rules
            #expect(
                try await client.database(.put, "/users/ada.json?ns=test&auth=\(ada)", body: "1", admin: false).status
                    == .ok)
            #expect(
                try await client.database(.get, "/users/ada.json?ns=test&access_token=\(ada)", admin: false).text == "1"
            )
            let other = try await client.database(.get, "/users/bob.json?ns=test&auth=\(ada)", admin: false)
            #expect(other.status == .unauthorized)
            #expect(other.errorMessage == "Permission denied")
            let nobody = try await client.database(.get, "/users/ada.json?ns=test", admin: false)
            #expect(nobody.errorMessage == "Permission denied")

            // tokens that do not hold
            let garbage = try await client.database(.get, "/users/ada.json?ns=test&auth=garbage", admin: false)
            #expect(garbage.status == .unauthorized)
            #expect(garbage.errorMessage == "Could not parse auth token.")
            let expired = db.tokens.token(for: "ada", lifetime: .zero)
            #expect(
                try await client.database(.get, "/users/ada.json?ns=test&auth=\(expired)", admin: false).errorMessage
                    == "Auth token is expired")
            let basic = try await client.database(
                .get, "/x.json?ns=test", admin: false, headers: [.authorization: "Basic eA=="])
            #expect(basic.status == .unauthorized)

            // the admin acting as someone, or as no one
            let asAda = #"auth_variable_override=%7B%22uid%22%3A%22ada%22%7D"#
            #expect(try await client.database(.get, "/users/ada.json?ns=test&" + asAda).text == "1")
            #expect(try await client.database(.get, "/users/bob.json?ns=test&" + asAda).status == .unauthorized)
            #expect(
                try await client.database(.get, "/users/ada.json?ns=test&auth_variable_override=null").status
                    == .unauthorized)
            #expect(
                try await client.database(.get, "/users/ada.json?ns=test&auth_variable_override=%5B%5D").status
                    == .badRequest)
        }
    }

    @Test func a_host_names_its_namespace_by_its_first_label() {
        func namespace(_ host: String?) -> String {
            DatabaseRESTRequest.namespace(
                parameters: QueryParameters(nil), authority: host, defaultNamespace: "default", fromHost: true)
        }
        #expect(namespace("mydb.firebaseio.com") == "mydb")
        #expect(namespace("Demo-App.localhost:9000") == "demo-app")
        #expect(namespace("localhost:9000") == "default")
        #expect(namespace("10.1.2.3:9000") == "default")
        #expect(namespace("[::1]:9000") == "default")
        #expect(namespace(nil) == "default")
    }

    @Test func the_admin_token_counts_only_from_loopback_unless_allowed() {
        #expect(FirebaseAdminGate.isLoopback("127.0.0.1"))
        #expect(FirebaseAdminGate.isLoopback("::1"))
        #expect(FirebaseAdminGate.isLoopback("::ffff:127.0.0.2"))
        #expect(!FirebaseAdminGate.isLoopback("10.0.0.1"))
        #expect(!FirebaseAdminGate.isLoopback(nil))
    }
}
