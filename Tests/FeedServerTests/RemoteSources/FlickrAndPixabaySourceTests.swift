import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary

/// The Flickr and Pixabay connectors against a second ImageFeed server speaking those dialects.
@Suite("Flickr and Pixabay sources", .serialized)
struct FlickrAndPixabaySourceTests {
    /// Uploads a photo at the upstream server and gives it a licence ("" for none).
    static func upload(
        _ pair: SourcePair, by user: TestUser, seed: Int, description: String, tags: String, license: String
    ) async throws -> Photo {
        let photo = try await pair.upstream.uploadPhoto(
            try smallJPEG(seed: seed, width: 640, height: 480), as: user,
            fields: ["description": description, "tags": tags])
        let licensed = try await pair.upstream.client.send(
            .put, "/photos/\(photo.id)", headers: user.auth.merging([.contentType: "application/json"]),
            body: #"{"license": "\#(license)"}"#)
        try #require(licensed.status == .ok, "\(licensed.text)")
        return photo
    }

    @Test func flickrBringsInOnlyShareableLicencesHotlinkedAndCredited() async throws {
        try await withSourcePair { pair in
            let owner = try await pair.upstream.user(TestUser("keeper", firstName: "Grace", lastName: "Darling"))
            _ = try await Self.upload(
                pair, by: owner, seed: 1, description: "Beam", tags: "lighthouse", license: "cc-by-2.0")
            _ = try await Self.upload(pair, by: owner, seed: 2, description: "Mine", tags: "lighthouse", license: "")
            _ = try await Self.upload(
                pair, by: owner, seed: 3, description: "Storm", tags: "lighthouse", license: "cc0-1.0")
            _ = try await Self.upload(
                pair, by: owner, seed: 4, description: "Harbour", tags: "boats", license: "cc-by-2.0")
            let source = try await pair.addSource(.flickr, options: ["tags": "lighthouse"])

            let summary = try await pair.syncer().sync(source)

            #expect(summary.added == 2 && summary.failed.isEmpty)
            let feed = try await pair.library.feed()
            #expect(Set(feed.compactMap(\.description)) == ["Beam", "Storm"])
            let beam = try #require(feed.first { $0.description == "Beam" })
            #expect(beam.license?.name == "CC BY 2.0")
            #expect(beam.source?.name == "Flickr" && beam.source?.authorName == "Grace Darling")
            #expect(beam.source?.photoURL.hasPrefix(pair.upstreamURL + "/photos/") == true)
            // The nearest size of Flickr's ladder at least as large as asked.
            let image = try await pair.library.client.get("/img/\(beam.id)?w=300")
            #expect(image.status == .found)
            let location = try #require(image.location)
            #expect(location.hasPrefix(pair.upstreamURL + "/65535/") && location.hasSuffix("_n.jpg"))
            let fetched = try await pair.upstream.client.get(try pathAndQuery(location))
            #expect(fetched.status == .ok)
            let probe = try Imaging(limits: ImagingLimits()).probe(data: fetched.bytes)
            #expect(max(probe.width, probe.height) == 320)

            let again = try await pair.syncer().sync(source)
            #expect(again.added == 0 && again.unchanged == 2)
        }
    }

    @Test func flickrLicencesCanBeChosen() async throws {
        try await withSourcePair { pair in
            let owner = try await pair.upstream.user("keeper")
            _ = try await Self.upload(
                pair, by: owner, seed: 1, description: "Beam", tags: "lighthouse", license: "cc-by-2.0")
            _ = try await Self.upload(
                pair, by: owner, seed: 3, description: "Storm", tags: "lighthouse", license: "cc0-1.0")
            let source = try await pair.addSource(.flickr, options: ["tags": "lighthouse", "licenses": "9"])

            let summary = try await pair.syncer().sync(source)

            #expect(summary.added == 1)
            #expect(try await pair.library.feed().map(\.description) == ["Storm"])
        }
    }

    @Test(arguments: Backend.available)
    func pixabayPhotosAreDownloadedWithCreditAndMarkedWhenRemoved(_ backend: Backend) async throws {
        try await withSourcePair(backend) { pair in
            let owner = try await pair.upstream.user(TestUser("snapper", firstName: "Snap", lastName: "Per"))
            var uploaded: [Photo] = []
            for seed in 0..<3 {
                uploaded.append(
                    try await pair.upstream.uploadPhoto(
                        try smallJPEG(seed: 900 + seed, width: 800, height: 600), as: owner,
                        fields: ["description": "Peak \(seed)", "tags": "mountains,snow"]))
            }
            let source = try await pair.addSource(.pixabay, options: ["query": "mountains"])

            let first = try await pair.syncer(answerLifetime: .zero).sync(source)

            #expect(first.added == 3 && first.failed.isEmpty, "\(first.failed)")
            let feed = try await pair.library.feed()
            #expect(feed.count == 3)
            let photo = try #require(feed.first)
            #expect(photo.source?.name == "Pixabay" && photo.license?.id == "pixabay")
            #expect(photo.original?.format == "jpeg", "downloaded: the file is here")
            #expect(Set(photo.tags.map(\.title)).isSuperset(of: ["mountains", "snow"]))
            let image = try await pair.library.client.get("/img/\(photo.id)?w=200")
            #expect(image.status == .ok && image.header("Content-Type") == "image/jpeg")

            let deleted = try await pair.upstream.client.send(.delete, "/photos/\(uploaded[0].id)", headers: owner.auth)
            try #require(deleted.status == .noContent)
            let second = try await pair.syncer(answerLifetime: .zero).sync(source)

            #expect(second.marked == 1 && second.removed == 0 && second.added == 0)
            let kept = try await pair.library.feed()
            #expect(kept.count == 3, "a downloaded photo is kept when its source removes it")
            #expect(kept.filter { $0.source?.removedAt != nil }.count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func pixabayAnswersAreKeptForADay(_ backend: Backend) async throws {
        try await withSourcePair(backend) { pair in
            let owner = try await pair.upstream.user("snapper")
            _ = try await pair.upstream.uploadPhoto(
                try smallJPEG(seed: 950, width: 800, height: 600), as: owner,
                fields: ["tags": "mountains"])
            let source = try await pair.addSource(.pixabay, options: ["query": "mountains"])
            _ = try await pair.syncer().sync(source)
            // A photo added upstream now is not seen until the kept answer is a day old.
            _ = try await pair.upstream.uploadPhoto(
                try smallJPEG(seed: 951, width: 800, height: 600), as: owner,
                fields: ["tags": "mountains"])

            let cached = try await pair.syncer().sync(source)
            let fresh = try await pair.syncer(answerLifetime: .zero).sync(source)

            #expect(cached.added == 0 && cached.unchanged == 1)
            #expect(fresh.added == 1)
        }
    }
}
