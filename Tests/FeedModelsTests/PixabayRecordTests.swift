import Foundation
import Testing

@testable import FeedModels

/// The Pixabay record the server writes is the one the Pixabay source reads.
@Suite struct PixabayRecordTests {
    static let hit = PixabayHit(
        id: 634_572, pageURL: "https://pixabay.com/photos/apples-634572/", tags: "apples, fruits, red",
        previewURL: "https://example.com/a_150.jpg", previewWidth: 100, previewHeight: 150,
        webformatURL: "https://example.com/a_640.jpg", webformatWidth: 427, webformatHeight: 640,
        largeImageURL: "https://example.com/a_1280.jpg", imageWidth: 3345, imageHeight: 5017, imageSize: 811_238,
        views: 406_062, downloads: 232_195, collections: 2947, favorites: 2287, likes: 2287, comments: 180,
        userID: 752_536, user: "Desertrose7", userImageURL: "")

    @Test func what_the_dialect_writes_the_source_reads_back_whole() throws {
        // setup
        let answer = PixabayAnswer(total: 2, totalHits: 2, hits: [Self.hit])
        // act
        let written = JSONWriter.encode(answer)
        let read = try JSONDecoder().decode(PixabayAnswer.self, from: Data(written))
        // assert
        #expect(read == answer)
        #expect(String(decoding: written, as: UTF8.self).hasPrefix(#"{"total":2,"totalHits":2,"hits":[{"id":634572,"#))
    }

    @Test func an_older_answer_without_collections_is_read() throws {
        // setup: Pixabay's answers before `collections` carried `favorites` only
        var old = Self.hit
        old.collections = nil
        let written = JSONWriter.encode(PixabayAnswer(total: 1, totalHits: 1, hits: [old]))
        // act
        let read = try JSONDecoder().decode(PixabayAnswer.self, from: Data(written))
        // assert
        #expect(read.hits.first?.collections == nil && read.hits.first?.favorites == 2287)
    }
}
