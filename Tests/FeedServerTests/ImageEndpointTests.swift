import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Image endpoint", .fixtureLibrary)
struct ImageEndpointTests {
    let imaging = Imaging()

    /// The 800×600 fixture, so that downscaled sizes are really downscaled.
    static let large = FixturePhoto.mountainLake

    @Test(arguments: Backend.available)
    func webp_at_width_400_is_400_wide(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(Self.large))?w=400&fm=webp")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == "image/webp")
            let probe = try imaging.probe(data: response.bytes)
            #expect(probe.format == .webp)
            #expect(probe.width == 400)
            #expect(probe.height == 300)
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("png", "image/png", [UInt8]([0x89, 0x50, 0x4E, 0x47])),
            ("jpg", "image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("webp", "image/webp", Array("RIFF".utf8)),
            ("avif", "image/avif", []),
        ])
    func format_parameter_picks_the_encoder(
        backend: Backend, format: (name: String, mime: String, magic: [UInt8])
    ) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.seaView))?w=120&fm=\(format.name)")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == format.mime)
            let bytes = response.bytes
            #expect(bytes.starts(with: format.magic))
            if format.name == "avif" {
                #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
                #expect(Array(bytes[8..<12]) == Array("avif".utf8))
            }
            if format.name == "webp" { #expect(Array(bytes[8..<12]) == Array("WEBP".utf8)) }
        }
    }

    @Test(arguments: Backend.available)
    func dpr_multiplies_the_width(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(Self.large))?dpr=2&w=100")

            // assert
            #expect(response.status == .ok)
            #expect(try imaging.probe(data: response.bytes).width == 200)
        }
    }

    @Test(arguments: Backend.available)
    func crop_fills_the_exact_box(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(Self.large))?w=200&h=200&fit=crop")

            // assert
            let probe = try imaging.probe(data: response.bytes)
            #expect(probe.width == 200)
            #expect(probe.height == 200)
        }
    }

    @Test(arguments: Backend.available)
    func max_never_upscales(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.nightStreet))?w=1000&fit=max")

            // assert
            #expect(try imaging.probe(data: response.bytes).width == 320)
        }
    }

    @Test(arguments: [
        (
            "w=8192&h=8192&fit=fill&fm=avif",
            "This rendition would be 8192 × 8192 pixels (67.1 MP); the limit is 40.0 MP."
        ),
        ("w=4096&h=4096&fit=crop&dpr=2", "This rendition would be 8192 × 8192 pixels (67.1 MP); the limit is 40.0 MP."),
        (
            "w=3000&h=2000&fit=crop&fm=avif",
            "An AVIF rendition would be 3000 × 2000 pixels (6.0 MP); AVIF is limited to 4.0 MP."
        ),
    ])
    func a_rendition_larger_than_the_limits_is_refused_before_any_work(query: String, message: String) async throws {
        try await withTestServer(.sqlite, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(Self.large))?\(query)")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.count == 1)
            #expect(response.errors.first?.hasPrefix(message) == true, "\(response.errors)")
            let id = server.fixtures.id(Self.large)
            let made = server.filesUnder("renditions").filter { $0.contains("/\(id)/") }
            #expect(made.allSatisfy { !$0.contains("8192x8192") && !$0.contains("3000x2000") }, "\(made)")
        }
    }

    @Test
    func an_address_may_have_only_so_many_new_renditions_made_while_cached_ones_are_still_served() async throws {
        try await withTestServer(configure: { $0.renditionLimits.newPerHour = 2 }) { server in
            // setup
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 71, width: 300, height: 200), as: alice)

            // act
            let first = try await server.client.get("/img/\(photo.id)?w=101")
            let second = try await server.client.get("/img/\(photo.id)?w=102")
            let third = try await server.client.get("/img/\(photo.id)?w=103")
            let again = try await server.client.get("/img/\(photo.id)?w=101")
            let feedSize = try await server.client.get(try pathAndQuery(photo.urls.small))

            // assert
            #expect(first.status == .ok && second.status == .ok)
            #expect(third.status == .tooManyRequests)
            #expect(third.errors.first?.hasPrefix("Too many new image sizes from this address") == true)
            #expect(third.headers[.retryAfter].flatMap { Int($0) }.map { (1...3600).contains($0) } == true)
            #expect(again.status == .ok)
            #expect(feedSize.status == .ok)
        }
    }

    @Test
    func qualities_a_point_or_two_apart_share_one_cached_rendition() async throws {
        try await withTestServer(.sqlite, library: .fixtures) { server in
            // act
            let id = server.fixtures.id(.tallTree)
            var etags: Set<String> = []
            for quality in [73, 74, 75, 76, 77] {
                let response = try await server.client.get("/img/\(id)?w=111&q=\(quality)")
                #expect(response.status == .ok)
                etags.insert(try #require(response.header("ETag")))
            }
            let other = try await server.client.get("/img/\(id)?w=111&q=78")

            // assert
            #expect(etags == ["\"\(id)-111xauto-max-center-q75.jpg\""])
            #expect(other.header("ETag") == "\"\(id)-111xauto-max-center-q80.jpg\"")
            // The cache's file is written after the answer went out: wait for the second (bounded), then count.
            let cached = { server.filesUnder("renditions").filter { $0.contains("/\(id)/111x") } }
            _ = try await waitUntil(within: 30) { cached().count >= 2 }
            let files = cached()
            #expect(files.count == 2, "\(files)")
        }
    }

    @Test
    func a_large_box_that_fits_a_small_original_is_not_refused() async throws {
        try await withTestServer(.sqlite, library: .fixtures) { server in
            // act: fit=max never enlarges, so the output is the 320 × 240 original however large the box
            let response = try await server.client.get("/img/\(server.fixtures.id(.nightStreet))?w=8192&h=8192&fm=avif")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == "image/avif")
        }
    }

    @Test(arguments: Backend.available, [FixturePhoto.eiffelTower, .meadow])
    func no_parameters_serve_the_original_bytes(backend: Backend, photo: FixturePhoto) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let original = try server.fixtures.sourceBytes(photo)

            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(photo))")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == (photo == .meadow ? "image/png" : "image/jpeg"))
            #expect(response.bytes.count == original.count)
            #expect(sha256Hex(response.bytes) == sha256Hex(original))
            #expect(response.header("ETag") == "\"\(sha256Hex(original))\"")
        }
    }

    @Test(arguments: Backend.available)
    func feed_urls_are_served_from_the_import_cache(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let photo = try await server.client.get("/photos/\(server.fixtures.id(Self.large))").decode(Photo.self)
            let sizes = [
                (photo.urls.regular, FeedSizes.regular), (photo.urls.small, FeedSizes.small),
                (photo.urls.thumb, FeedSizes.thumb),
            ]

            for (url, size) in sizes {
                let path = server.fixtures.files.renditionPath(
                    photoID: photo.id, key: size.spec.cacheKey)
                let cached = try #require(FileManager.default.contents(atPath: path), "no cache file \(path)")

                // act
                let response = try await server.client.get(try pathAndQuery(url))

                // assert
                #expect(response.status == .ok)
                #expect(response.bytes == [UInt8](cached), "\(url)")
                #expect(response.header("Content-Type") == "image/jpeg")
            }
        }
    }

    @Test(arguments: Backend.available)
    func feed_sizes_have_their_widths(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let photo = try await server.client.get("/photos/\(server.fixtures.id(Self.large))").decode(Photo.self)

            // act
            let small = try await server.client.get(try pathAndQuery(photo.urls.small))
            let thumb = try await server.client.get(try pathAndQuery(photo.urls.thumb))
            let regular = try await server.client.get(try pathAndQuery(photo.urls.regular))

            // assert
            #expect(try imaging.probe(data: small.bytes).width == 400)
            #expect(try imaging.probe(data: thumb.bytes).width == 200)
            #expect(try imaging.probe(data: regular.bytes).width == 800)
        }
    }

    @Test(arguments: Backend.available, ["", "?w=150"])
    func strong_etag_answers_304_when_it_matches(backend: Backend, query: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let uri = "/img/\(server.fixtures.id(.seaView))\(query)"
            let first = try await server.client.get(uri)
            let etag = try #require(first.header("ETag"))

            // act
            let second = try await server.client.get(uri, headers: [.ifNoneMatch: etag])
            let listed = try await server.client.get(uri, headers: [.ifNoneMatch: "\"other\", \(etag)"])
            let stale = try await server.client.get(uri, headers: [.ifNoneMatch: "\"other\""])

            // assert
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)
            #expect(!etag.hasPrefix("W/"))
            #expect(second.status == .notModified)
            #expect(second.bytes.isEmpty)
            #expect(second.header("ETag") == etag)
            #expect(listed.status == .notModified)
            #expect(stale.status == .ok)
            #expect(!stale.bytes.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func different_renditions_have_different_etags(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let small = try await server.client.get("/img/\(server.fixtures.id(.seaView))?w=100")
            let larger = try await server.client.get("/img/\(server.fixtures.id(.seaView))?w=101")
            let original = try await server.client.get("/img/\(server.fixtures.id(.seaView))")

            // assert
            let etags = [small, larger, original].compactMap { $0.header("ETag") }
            #expect(Set(etags).count == 3)
        }
    }

    @Test(arguments: Backend.available, ["", "?w=100"])
    func images_are_cached_for_a_year_as_immutable(backend: Backend, query: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.seaView))\(query)")

            // assert
            let cacheControl = try #require(response.header("Cache-Control"))
            #expect(cacheControl.contains("immutable"))
            #expect(cacheControl.contains("max-age=31536000"))
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("image/avif,image/webp,*/*", "image/avif"),
            ("image/webp,*/*", "image/webp"),
            ("*/*", "image/jpeg"),
        ])
    func auto_format_follows_accept(backend: Backend, negotiation: (accept: String, type: String)) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(
                "/img/\(server.fixtures.id(.seaView))?w=100&fm=auto", headers: [.accept: negotiation.accept])

            // assert
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == negotiation.type)
            #expect(response.header("Vary")?.contains("Accept") == true)
            let probe = try imaging.probe(data: response.bytes)
            #expect(probe.format.mimeType == negotiation.type)
        }
    }

    @Test(arguments: Backend.available)
    func imgix_auto_format_is_negotiated_too(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(
                "/img/\(server.fixtures.id(.seaView))?w=100&auto=format", headers: [.accept: "image/webp,*/*"])

            // assert
            #expect(response.header("Content-Type") == "image/webp")
            #expect(response.header("Vary")?.contains("Accept") == true)
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("w=0", "w"), ("w=99999", "w"), ("h=-5", "h"), ("q=0", "q"), ("q=101", "q"), ("w=100&dpr=9", "dpr"),
            ("w=100&fit=banana", "fit"), ("fm=gif", "fm"), ("w=5000&dpr=2", "w"), ("w=100&crop=banana", "crop"),
        ])
    func bad_image_parameter_is_400_naming_it(backend: Backend, parameter: (query: String, name: String))
        async throws
    {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.seaView))?\(parameter.query)")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let message = try #require(response.errors.first)
            #expect(message.hasPrefix(parameter.name + " "), "\(message)")
        }
    }

    @Test(arguments: Backend.available, [("fit=banana", "fit"), ("dpr=9", "dpr")])
    func bad_fit_or_dpr_alone_is_400_too(backend: Backend, parameter: (query: String, name: String)) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.seaView))?\(parameter.query)")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.first?.hasPrefix(parameter.name + " ") == true)

        }
    }

    @Test(arguments: Backend.available)
    func unsplash_tracking_parameters_are_ignored(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(
                "/img/\(server.fixtures.id(.seaView))?ixid=M3wxMjA3fDB8MXxhbGx8&ixlib=rb-4.0.3"
                    + "&cs=tinysrgb&w=100&fm=jpg&q=80")
            let plain = try await server.client.get("/img/\(server.fixtures.id(.seaView))?w=100&fm=jpg&q=80")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("ETag") == plain.header("ETag"))
            #expect(try imaging.probe(data: response.bytes).width == 100)
        }
    }

    @Test(arguments: Backend.available, ["", "?w=100"])
    func unknown_image_is_404(backend: Backend, query: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/doesNotExist\(query)")

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find Photo"])
        }
    }

    @Test(arguments: Backend.available, ["", "?w=100"])
    func head_sends_headers_without_body(backend: Backend, query: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let uri = "/img/\(server.fixtures.id(.seaView))\(query)"
            let get = try await server.client.get(uri)

            // act
            let head = try await server.client.execute(uri: uri, method: .head)

            // assert
            #expect(head.status == .ok)
            #expect(head.bytes.isEmpty)
            #expect(head.header("Content-Type") == "image/jpeg")
            #expect(head.header("Content-Length") == String(get.bytes.count))
            #expect(head.header("ETag") == get.header("ETag"))
        }
    }

    @Test(arguments: Backend.available)
    func renditions_carry_no_exif_or_gps(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup: the original has both
            let original = try imaging.probe(data: try server.fixtures.sourceBytes(.eiffelTower))
            let photo = try await server.client.get("/photos/\(server.fixtures.id(.eiffelTower))").decode(Photo.self)

            // act
            let resized = try await server.client.get("/img/\(photo.id)?w=160")
            let thumb = try await server.client.get(try pathAndQuery(photo.urls.thumb))
            let webp = try await server.client.get("/img/\(photo.id)?w=160&fm=webp")

            // assert
            #expect(original.gps != nil)
            #expect(original.exif.make == "Canon")
            for response in [resized, thumb, webp] {
                let probe = try imaging.probe(data: response.bytes)
                #expect(probe.gps == nil)
                #expect(probe.exif.make == nil)
                #expect(probe.exif.model == nil)
            }
        }
    }

    @Test(arguments: Backend.available)
    func download_parameter_asks_for_an_attachment(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/img/\(server.fixtures.id(.seaView))?dl=1")

            // assert
            let disposition = try #require(response.header("Content-Disposition"))
            #expect(disposition.hasPrefix("attachment"))
            #expect(disposition.contains(".jpg"))
        }
    }

    @Test(arguments: Backend.available)
    func writes_on_images_are_405_allowing_get_and_head(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.execute(uri: "/img/\(server.fixtures.id(.seaView))", method: .post)

            // assert
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
        }
    }
}
