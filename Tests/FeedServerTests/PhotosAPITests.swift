import FeedModels
import FeedStore
import Foundation
import HummingbirdTesting
import Imaging
import TestSupport
import Testing

@testable import FeedServer

@Suite("Photos API", .fixtureLibrary)
struct PhotosAPITests {
    /// Whole-second ISO-8601 in UTC, as Swift's `.iso8601` decoding strategy accepts it.
    static func isWholeSecondISO(_ text: String) -> Bool {
        text.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#) != nil
    }

    // MARK: Listing and pagination

    @Test(arguments: Backend.available)
    func list_sends_total_per_page_and_json_content_type(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos?per_page=5")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.header("X-Total") == String(server.fixtures.count))
            #expect(response.header("X-Per-Page") == "5")
            #expect(try response.array().count == 5)
        }
    }

    @Test(arguments: Backend.available)
    func link_header_names_only_existing_pages(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act: 8 photos, 3 a page → pages 1, 2 and 3
            let first = try await server.client.get("/photos?per_page=3&order_by=oldest")
            let middle = try await server.client.get("/photos?per_page=3&order_by=oldest&page=2")
            let last = try await server.client.get("/photos?per_page=3&order_by=oldest&page=3")

            // assert
            #expect(Set(first.links.keys) == ["last", "next"])
            #expect(queryItems(first.links["next"] ?? "")["page"] == "2")
            #expect(queryItems(first.links["last"] ?? "")["page"] == "3")
            #expect(Set(middle.links.keys) == ["first", "prev", "last", "next"])
            #expect(queryItems(middle.links["first"] ?? "")["page"] == "1")
            #expect(queryItems(middle.links["prev"] ?? "")["page"] == "1")
            #expect(queryItems(middle.links["next"] ?? "")["page"] == "3")
            #expect(Set(last.links.keys) == ["first", "prev"])
            #expect(queryItems(last.links["prev"] ?? "")["page"] == "2")
            #expect(try last.array().count == 2)
        }
    }

    @Test(arguments: Backend.available)
    func link_urls_keep_the_other_query_parameters(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let key = try await server.app().key

            // act
            let response = try await server.client.get("/photos?order_by=popular&per_page=2&client_id=\(key)&page=2")

            // assert
            let next = try #require(response.links["next"])
            #expect(next.hasPrefix("http://"))
            #expect(URLComponents(string: next)?.path == "/photos")
            let items = queryItems(next)
            #expect(items["order_by"] == "popular")
            #expect(items["per_page"] == "2")
            #expect(items["client_id"] == key)
            #expect(items["page"] == "3")
        }
    }

    @Test(arguments: Backend.available)
    func empty_list_has_zero_total_and_no_link(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/users/\(FixtureLibrary.userWithoutPhotos)/photos")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == "0")
            #expect(response.header("Link") == nil)
            #expect(try response.array().isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func per_page_defaults_to_10_and_is_capped_at_30(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let byDefault = try await server.client.get("/photos")
            let tooMany = try await server.client.get("/photos?per_page=100")

            // assert
            #expect(byDefault.header("X-Per-Page") == "10")
            #expect(tooMany.header("X-Per-Page") == "30")
            #expect(tooMany.status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func page_zero_reads_as_page_one(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let zero = try await server.client.get("/photos?per_page=3&order_by=oldest&page=0")
            let one = try await server.client.get("/photos?per_page=3&order_by=oldest&page=1")

            // assert
            #expect(zero.status == .ok)
            #expect(try zero.array().map { $0["id"] as? String } == one.array().map { $0["id"] as? String })
            #expect(zero.links["prev"] == nil)
        }
    }

    @Test(arguments: Backend.available, PhotoOrder.allCases)
    func paging_through_every_order_yields_each_photo_once(backend: Backend, order: PhotoOrder) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            var seen: [String] = []
            var uri: String? = "/photos?per_page=3&order_by=\(order.rawValue)"
            while let next = uri, seen.count <= server.fixtures.count {
                let response = try await server.client.get(next)
                seen += try response.decode([Photo].self).map(\.id)
                uri = try response.links["next"].map(pathAndQuery)
            }
            let again = try await server.client.get("/photos?per_page=30&order_by=\(order.rawValue)")
                .decode([Photo].self)

            // assert
            #expect(seen.count == server.fixtures.count)
            #expect(Set(seen) == Set(server.fixtures.ids.values))
            #expect(seen == again.map(\.id))
        }
    }

    @Test(arguments: Backend.available)
    func oldest_is_latest_reversed(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let latest = try await server.client.get("/photos?per_page=30").decode([Photo].self)
            let oldest = try await server.client.get("/photos?per_page=30&order_by=oldest").decode([Photo].self)

            // assert
            #expect(latest.map(\.id) == oldest.reversed().map(\.id))
        }
    }

    // MARK: Photo JSON

    @Test(arguments: Backend.available)
    func photo_json_has_every_key_clients_read(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/\(server.fixtures.id(.eiffelTower))")
            let object = try response.object()

            // assert
            let text = String(decoding: response.bytes, as: UTF8.self)
            #expect(text.contains("\"liked_by_user\":false"))
            #expect(text.contains("\"likes\":0"))
            for key in [
                "id", "slug", "created_at", "updated_at", "width", "height", "color", "blur_hash",
                "description", "alt_description", "urls", "links", "likes", "liked_by_user", "user",
                "exif", "location", "tags", "views", "downloads",
            ] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
            let urls = try #require(object["urls"] as? [String: Any])
            for key in ["raw", "full", "regular", "small", "thumb", "small_s3"] {
                let url = try #require(urls[key] as? String, "urls.\(key)")
                #expect(URL(string: url)?.scheme == "http" && URL(string: url)?.host != nil, "urls.\(key) = \(url)")
            }
            let links = try #require(object["links"] as? [String: Any])
            for key in ["self", "html", "download", "download_location"] {
                let url = try #require(links[key] as? String, "links.\(key)")
                #expect(URL(string: url)?.scheme == "http", "links.\(key) = \(url)")
            }
            #expect(object["likes"] as? Int == 0)
            #expect(object["liked_by_user"] as? Bool == false)
        }
    }

    @Test(arguments: Backend.available)
    func nested_user_is_complete(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let object = try await server.client.get("/photos/\(server.fixtures.id(.seaView))").object()

            // assert
            let user = try #require(object["user"] as? [String: Any])
            #expect(user["username"] as? String == FixtureLibrary.owner)
            #expect((user["name"] as? String)?.isEmpty == false)
            let images = try #require(user["profile_image"] as? [String: Any])
            for size in ["small", "medium", "large"] {
                #expect((images[size] as? String)?.hasPrefix("http://") == true, "profile_image.\(size)")
            }
            #expect(user["total_photos"] as? Int == server.fixtures.count)
            #expect(user["total_collections"] as? Int == 2)
            #expect(user["total_likes"] as? Int == 0)
        }
    }

    @Test(arguments: Backend.available)
    func dates_have_no_fractional_seconds(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let object = try await server.client.get("/photos/\(server.fixtures.id(.eiffelTower))").object()

            // assert
            for key in ["created_at", "updated_at", "taken_at"] {
                let value = try #require(object[key] as? String, "\(key)")
                #expect(Self.isWholeSecondISO(value), "\(key) = \(value)")
            }
            let userDate = try #require((object["user"] as? [String: Any])?["updated_at"] as? String)
            #expect(Self.isWholeSecondISO(userDate))
        }
    }

    @Test(arguments: Backend.available)
    func exif_location_and_size_come_from_the_file(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let photo = try await server.client.get("/photos/\(server.fixtures.id(.eiffelTower))").decode(Photo.self)

            // assert
            #expect(photo.width == 320)
            #expect(photo.height == 240)
            let exif = try #require(photo.exif)
            #expect(exif.make == "Canon")
            #expect(exif.model == "Canon EOS R5")
            #expect(exif.exposureTime == "1/250")
            #expect(exif.aperture == "2.8")
            #expect(exif.focalLength == "50.0")
            #expect(exif.iso == 400)
            // anonymous viewers see the position rounded to two decimals (about 1 km)
            let position = try #require(photo.location?.position)
            #expect(abs(position.latitude - 48.86) < 1e-9)
            #expect(abs(position.longitude - 2.29) < 1e-9)
            #expect(photo.takenAt == ISO8601DateFormatter().date(from: "2021-05-01T12:34:56Z"))
        }
    }

    @Test(arguments: Backend.available)
    func exact_gps_position_is_stored(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let record = try await server.store.photo(idOrSlug: server.fixtures.id(.eiffelTower))

            // assert
            let place = try #require(record?.place)
            #expect(abs((place.latitude ?? 0) - FixturePhoto.eiffelPosition.latitude) < 0.0001)
            #expect(abs((place.longitude ?? 0) - FixturePhoto.eiffelPosition.longitude) < 0.0001)
        }
    }

    @Test(arguments: Backend.available)
    func photo_without_metadata_has_null_exif_and_location_values(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let object = try await server.client.get("/photos/\(server.fixtures.id(.nightStreet))").object()

            // assert
            let exif = try #require(object["exif"] as? [String: Any])
            for key in ["make", "model", "name", "exposure_time", "aperture", "focal_length", "iso"] {
                #expect(exif[key] is NSNull, "exif.\(key)")
            }
            let location = try #require(object["location"] as? [String: Any])
            #expect(location["position"] is NSNull)
        }
    }

    @Test(arguments: Backend.available)
    func tags_hold_folder_keywords_and_import_tags(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let photo = try await server.client.get("/photos/\(server.fixtures.id(.seaView))").decode(Photo.self)

            // assert
            #expect(Set(photo.tags.map(\.title)) == ["nature", "sunset", "beach", "holiday"])
        }
    }

    @Test(arguments: Backend.available)
    func size_matches_each_fixture(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            for fixture in FixturePhoto.allCases {
                // act
                let photo = try await server.client.get("/photos/\(server.fixtures.id(fixture))").decode(Photo.self)

                // assert
                #expect(photo.width == fixture.size.width, "\(fixture)")
                #expect(photo.height == fixture.size.height, "\(fixture)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func photo_is_found_by_slug(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let byID = try await server.client.get("/photos/\(server.fixtures.id(.mountainLake))").decode(Photo.self)

            // act
            let bySlug = try await server.client.get("/photos/\(byID.slug)")

            // assert
            #expect(byID.slug != byID.id)
            #expect(bySlug.status == .ok)
            #expect(try bySlug.decode(Photo.self).id == byID.id)
        }
    }

    @Test(arguments: Backend.available)
    func unknown_photo_is_404_couldnt_find_photo(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/doesNotExist")

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find Photo"])
        }
    }

    // MARK: Random

    @Test(arguments: Backend.available)
    func random_without_count_is_an_object(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/random")

            // assert
            #expect(response.status == .ok)
            let object = try response.object()
            #expect(Set(server.fixtures.ids.values).contains(object["id"] as? String ?? ""))
            #expect(response.header("Link") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func random_with_count_is_an_array_of_distinct_photos(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let three = try await server.client.get("/photos/random?count=3").decode([Photo].self)
            let one = try await server.client.get("/photos/random?count=1")

            // assert
            #expect(three.count == 3)
            #expect(Set(three.map(\.id)).count == 3)
            #expect(try one.array().count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func random_for_unknown_user_is_404(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/random?username=nobody")

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find User"])
        }
    }

    @Test(arguments: Backend.available, ["0", "31", "x"])
    func random_count_out_of_range_is_400(backend: Backend, count: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/random?count=\(count)")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.first?.contains("count") == true)
        }
    }

    @Test(arguments: Backend.available)
    func random_filters_by_orientation(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let portrait = try await server.client.get("/photos/random?count=30&orientation=portrait")
                .decode([Photo].self)
            let squarish = try await server.client.get("/photos/random?count=30&orientation=squarish")
                .decode([Photo].self)
            let landscape = try await server.client.get("/photos/random?count=30&orientation=landscape")
                .decode([Photo].self)
            let bad = try await server.client.get("/photos/random?orientation=round")

            // assert
            #expect(portrait.map(\.id) == [server.fixtures.id(.tallTree)])
            #expect(squarish.map(\.id) == [server.fixtures.id(.squareSign)])
            #expect(landscape.count == server.fixtures.count - 2)
            #expect(bad.status == .badRequest)
        }
    }

    @Test(arguments: Backend.available)
    func random_by_username_only_returns_their_photos(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let alice = try await server.client.get("/photos/random?count=30&username=\(FixtureLibrary.owner)")
            let bob = try await server.client.get("/photos/random?count=5&username=\(FixtureLibrary.userWithoutPhotos)")

            // assert
            #expect(try alice.decode([Photo].self).allSatisfy { $0.user.username == FixtureLibrary.owner })
            #expect(bob.status == .ok)
            #expect(try bob.array().isEmpty)
        }
    }

    // MARK: Download tracking

    @Test(arguments: Backend.available)
    func download_returns_an_absolute_url_and_counts(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup: only this test downloads the old bridge
            let id = server.fixtures.id(.oldBridge)
            let before = try await server.client.get("/photos/\(id)").decode(Photo.self).downloads ?? -1

            // act
            let first = try await server.client.get("/photos/\(id)/download")
            let afterFirst = try await server.client.get("/photos/\(id)").decode(Photo.self).downloads
            _ = try await server.client.get("/photos/\(id)/download")
            let afterSecond = try await server.client.get("/photos/\(id)").decode(Photo.self).downloads

            // assert
            #expect(first.status == .ok)
            let url = try first.decode(DownloadLink.self).url
            #expect(URL(string: url)?.scheme == "http" && URL(string: url)?.host != nil)
            #expect(afterFirst == before + 1)
            #expect(afterSecond == before + 2)
        }
    }

    @Test(arguments: Backend.available)
    func download_url_serves_the_photo(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let url = try await server.client.get("/photos/\(server.fixtures.id(.nightStreet))/download")
                .decode(DownloadLink.self).url

            // act
            let image = try await server.client.get(try pathAndQuery(url))

            // assert
            #expect(image.status == .ok)
            #expect(image.header("Content-Type") == "image/jpeg")
        }
    }

    @Test(arguments: Backend.available)
    func download_of_unknown_photo_is_404(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/doesNotExist/download")

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find Photo"])
        }
    }
}
