import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Imaging
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

@Suite("Features: devices and wallpapers")
struct FeaturesDeviceTests {
    @Test
    func devices_lists_at_least_40_screens_of_every_kind() async throws {
        try await withTestServer(.sqlite) { server in
            // act
            let response = try await server.client.get("/devices")

            // assert
            #expect(response.status == .ok)
            let devices = try response.decode([Device].self)
            #expect(devices.count >= 40)
            #expect(Set(devices.map(\.id)).count == devices.count)
            #expect(devices.allSatisfy { !$0.id.isEmpty && !$0.name.isEmpty && $0.width > 0 && $0.height > 0 })
            let kinds = Set(devices.map(\.kind))
            #expect(kinds == ["phone", "tablet", "display"])
            #expect(devices.contains { $0.kind == "phone" && $0.height > $0.width })
            #expect(devices.contains { $0.kind == "tablet" })
            #expect(devices.contains { $0.kind == "display" && $0.width > $0.height })
            #expect(devices.contains { $0.kind == "display" && $0.height > $0.width })
            #expect(devices.contains { Double($0.width) / Double($0.height) >= 2.3 }, "no ultrawide")
            let first = try #require(try response.array().first)
            #expect(Set(first.keys) == ["id", "name", "kind", "width", "height"])
        }
    }

    @Test(arguments: Backend.available)
    func put_me_device_sets_it_and_get_me_returns_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let update = try await server.client.send(.put, "/me", headers: alice.formHeaders, body: "device=iphone-16")
            let me = try await server.client.get("/me", headers: alice.auth)

            // assert
            #expect(update.status == .ok)
            #expect(try update.decode(User.self).device?.id == "iphone-16")
            let device = try #require(try me.decode(User.self).device)
            #expect(device == Device.named("iphone-16"))
            #expect((device.width, device.height) == (1179, 2556))
            #expect(try me.object()["device"] as? [String: Any] != nil)
        }
    }

    @Test(arguments: Backend.available)
    func an_unknown_device_is_422(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            _ = try await server.client.send(.put, "/me", headers: alice.formHeaders, body: "device=pixel-9")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: alice.formHeaders, body: "device=nokia-3310")

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.errors.count == 1)
            #expect(try await server.client.get("/me", headers: alice.auth).decode(User.self).device?.id == "pixel-9")
        }
    }

    /// A wallpaper request and the pixel size it must give.
    enum Wallpaper: String, CaseIterable, Sendable {
        case iPhoneSE, pixelTablet, fullHD, ultrawide, portraitMonitor, widthAndHeight

        var query: String {
            switch self {
            case .iPhoneSE: "device=iphone-se-3"
            case .pixelTablet: "device=pixel-tablet"
            case .fullHD: "device=hd-1080p"
            case .ultrawide: "device=ultrawide-uwqhd"
            case .portraitMonitor: "device=portrait-1080p"
            case .widthAndHeight: "w=300&h=500"
            }
        }

        var size: (width: Int, height: Int) {
            switch self {
            case .iPhoneSE: (750, 1334)
            case .pixelTablet: (1600, 2560)
            case .fullHD: (1920, 1080)
            case .ultrawide: (3440, 1440)
            case .portraitMonitor: (1080, 1920)
            case .widthAndHeight: (300, 500)
            }
        }
    }

    @Test(arguments: Backend.available, Wallpaper.allCases)
    func a_wallpaper_download_is_exactly_the_screens_size_and_counts(backend: Backend, wallpaper: Wallpaper)
        async throws
    {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 41, width: 200, height: 150), as: alice)

            // act
            let response = try await server.client.get("/photos/\(photo.id)/download?\(wallpaper.query)")
            let link = try response.decode(DownloadLink.self)
            let image = try await server.client.get(try pathAndQuery(link.url))

            // assert
            #expect(response.status == .ok)
            #expect(link.url.contains("/img/\(photo.id)"))
            #expect(image.status == .ok)
            let probe = try Imaging().probe(data: image.bytes)
            #expect(probe.format == .jpeg)
            #expect(probe.width == wallpaper.size.width)
            #expect(probe.height == wallpaper.size.height)
            #expect(try await server.photo(photo.id).downloads == 1)
        }
    }

    @Test(arguments: ["device=nokia-3310", "w=300", "h=500", "w=0&h=500", "w=300&h=huge"])
    func a_bad_wallpaper_request_is_400(query: String) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")

            // act
            let response = try await server.client.get("/photos/\(id)/download?\(query)")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.count == 1)
            #expect(try await server.photo(id).downloads == 0)
        }
    }
}

@Suite("Features: avatars")
struct FeaturesAvatarTests {
    @Test(arguments: Backend.available)
    func an_avatar_upload_changes_the_profile_image_and_serves_a_square_jpeg(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let before = try await server.client.get("/users/alice").decode(User.self).profileImage
            let defaultAvatar = try await server.client.get("/avatars/alice?w=64&h=64")
            let form = Multipart(
                fields: [], file: ("me.jpg", "image/jpeg", try smallJPEG(seed: 51, width: 200, height: 150)))

            // act
            let response = try await server.client.execute(
                uri: "/me/avatar", method: .put, headers: alice.auth.merging([.contentType: form.contentType]),
                body: form.body)
            let after = try await server.client.get("/users/alice").decode(User.self).profileImage
            let avatar = try await server.client.get(try pathAndQuery(after.medium))
            let fixed = try await server.client.get("/avatars/alice?w=64&h=64")

            // assert
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.decode(User.self).profileImage == after)
            #expect(after.small != before.small)
            #expect(after.medium != before.medium)
            #expect(after.large != before.large)
            #expect(defaultAvatar.header("Content-Type") == "image/svg+xml")
            for image in [avatar, fixed] {
                #expect(image.status == .ok)
                #expect(image.header("Content-Type") == "image/jpeg")
                let probe = try Imaging().probe(data: image.bytes)
                #expect(probe.format == .jpeg)
                #expect((probe.width, probe.height) == (64, 64))
            }
        }
    }

    @Test(arguments: ["text", "pdf", "svg"])
    func a_non_image_avatar_is_415(kind: String) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            let form = Multipart(
                fields: [], file: ("me.\(kind)", "application/octet-stream", Fixtures.nonImages[kind]!))

            // act
            let response = try await server.client.execute(
                uri: "/me/avatar", method: .put, headers: alice.auth.merging([.contentType: form.contentType]),
                body: form.body)

            // assert
            #expect(response.status == .unsupportedMediaType)
            #expect(response.errors.count == 1)
            #expect(try await server.client.get("/avatars/alice").header("Content-Type") == "image/svg+xml")
            #expect(server.filesUnder("tmp").isEmpty)
        }
    }
}
