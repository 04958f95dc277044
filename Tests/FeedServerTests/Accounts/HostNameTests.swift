import FeedModels
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// Against DNS rebinding: without a public URL, the server answers only to names no other site can point at it.
@Suite("Host names")
struct HostNameTests {
    /// The status code and error messages of a raw GET of `path` with this `Host`.
    static func get(_ server: TestServer, _ path: String, host: String, headers: String = "") async throws
        -> (status: Int, errors: [String])
    {
        let port = try #require(server.client.port)
        let text = try await rawHTTP(
            port: port, Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\(headers)Connection: close\r\n\r\n".utf8))
        let status = Int(text.dropFirst("HTTP/1.1 ".count).prefix(3)) ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        return (status, (try? JSONDecoder().decode(ErrorBody.self, from: Data(body.utf8)))?.errors ?? [])
    }

    @Test func a_name_another_site_could_point_here_is_refused_with_421_even_when_the_answer_is_cached()
        async throws
    {
        try await withTestServer(transport: .live) { server in
            // setup: the feed's answer cached for the fast path
            let local = try await Self.get(server, "/photos", host: "127.0.0.1")
            let again = try await Self.get(server, "/photos", host: "127.0.0.1")

            // act
            let rebound = try await Self.get(server, "/photos", host: "evil.example:8080")
            let page = try await Self.get(
                server, "/account/login", host: "evil.example", headers: "Origin: http://evil.example\r\n")

            // assert
            #expect(local.status == 200 && again.status == 200)
            #expect(rebound.status == 421)
            #expect(
                rebound.errors == [
                    "This server does not answer to the name evil.example. To serve it under that name, start it with "
                        + "--public-url or --allowed-host."
                ])
            #expect(page.status == 421)
        }
    }

    @Test(arguments: ["127.0.0.1:8080", "[::1]:8080", "localhost", "photos.localhost:80", "192.0.2.7", "[2001:db8::1]"])
    func addresses_and_local_names_are_answered(host: String) async throws {
        try await withTestServer(transport: .live) { server in
            // act
            let answer = try await Self.get(server, "/photos", host: host)

            // assert
            #expect(answer.status == 200, "\(answer.errors)")
        }
    }

    @Test func listed_names_are_answered_and_so_is_every_name_with_a_public_url() async throws {
        try await withTestServer(
            transport: .live, configure: { $0.allowedHosts = ["photos.example.com", ".family.example"] }
        ) {
            server in
            // act
            let listed = try await Self.get(server, "/photos", host: "Photos.Example.com:8443")
            let under = try await Self.get(server, "/photos", host: "kitchen.family.example")
            let domain = try await Self.get(server, "/photos", host: "family.example")
            let other = try await Self.get(server, "/photos", host: "example.com")
            let lookalike = try await Self.get(server, "/photos", host: "evilfamily.example")

            // assert
            #expect([listed.status, under.status, domain.status] == [Int](repeating: 200, count: 3))
            #expect([other.status, lookalike.status] == [Int](repeating: 421, count: 2))
        }
        try await withTestServer(transport: .live, configure: { $0.publicURL = "https://photos.example.com" }) {
            server in
            // act
            let answer = try await Self.get(server, "/photos", host: "anything.example")

            // assert: the origin is the public URL's whatever the Host says
            #expect(answer.status == 200)
        }
    }

    @Test func the_machines_own_name_is_answered() {
        // setup
        let site = SiteOrigin(publicURL: nil, machineName: "Kitchen-Box")

        // act, assert
        #expect(site.answers(to: "kitchen-box:8080"))
        #expect(site.answers(to: "kitchen-box.local"))
        #expect(!site.answers(to: "kitchen-box.example"))
        #expect(!site.answers(to: "1.2.3.4.evil.example"))
        #expect(!site.answers(to: "999.1.1.1"))
    }

    @Test func only_well_formed_address_literals_pass_without_a_listed_name() {
        // setup
        let site = SiteOrigin(publicURL: nil, machineName: "box")
        let answered = ["10.0.0.1", "255.255.255.255:80", "01.2.3.4", "[::1]", "[fe80::a:B:1]:8443", "LOCALHOST:80"]
        let refused = [
            "256.1.1.1", "1.2.3", "1.2.3.4.5", "1..2.3", ".1.2.3", "1.2.3.", "1234.1.1.1", "1.2.3.4a", "",
            "[fe80::1%25eth0]", "[::1", "١.٢.٣.٤", "x1.2.3.4",
        ]

        // act, assert
        for host in answered { #expect(site.answers(to: host), "\(host)") }
        for host in refused { #expect(!site.answers(to: host), "\(host)") }
        #expect(SiteOrigin.name(of: "[::1]:8080") == "[::1]" && SiteOrigin.name(of: "Box:80") == "Box")
    }
}
