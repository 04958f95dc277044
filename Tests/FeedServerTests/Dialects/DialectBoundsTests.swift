import FeedStore
import Foundation
import TestSupport
import Testing

@testable import FeedServer

/// Numbers at the edge of what Swift's integers hold are refused as the dialect refuses a bad value, not trapped on
/// (an overflow or an out-of-range conversion would stop the whole process).
@Suite("Dialects: numbers out of range")
struct DialectBoundsTests {
    @Test(arguments: [
        "/jsonplaceholder/users?_limit=9223372036854775807&_page=1",
        "/jsonplaceholder/users?_page=9223372036854775807",
        "/jsonplaceholder/photos?_page=9223372036854775807&_limit=10",
        "/jsonplaceholder/photos?_start=9223372036854775807&_limit=9223372036854775807",
    ])
    func jsonplaceholder_refuses_paging_numbers_past_its_bound(path: String) async throws {
        try await withTestServer { server in
            // setup: more than one record, so the paging arithmetic runs
            let alice = try await server.user("alice")
            _ = try await server.user("bob")
            for title in ["Dunes", "Meadow"] { try await server.recordPhoto(owner: alice, title: title) }

            // act
            let response = try await server.client.get(path)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.text.contains("1000000000"), "\(response.text)")
        }
    }

    @Test
    func pixabay_refuses_a_page_past_its_500_results_before_searching() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "Sea", tags: ["nature"])
            let key = try await server.registerApp().key

            // act
            let huge = try await server.client.get("/api/?key=\(key)&page=9223372036854775807&per_page=200")
            let past = try await server.client.get("/api/?key=\(key)&page=168&per_page=3")

            // assert
            for answer in [huge, past] {
                #expect(answer.status == .badRequest)
                #expect(answer.text == "[ERROR 400] \"page\" is out of valid range.")
            }
        }
    }

    @Test(arguments: ["1e300", "inf", "nan", "-1e300", "10000-01-01", "0-06-01"])
    func flickr_refuses_a_date_no_second_count_holds(date: String) async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "Sea", tags: ["sea"])
            let key = try await server.registerApp().key

            // act
            let response = try await server.client.get(
                "/services/rest/?api_key=\(key)&method=flickr.photos.search&format=json&nojsoncallback=1&min_upload_date="
                    + (date.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? date))

            // assert
            let body = try response.object()
            #expect(response.status == .ok)
            #expect(body["stat"] as? String == "fail")
            #expect(body["code"] as? Int == 18)
        }
    }
}
