import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Limits and bad input", .testFolder)
struct LimitsTests {
    let imaging = Imaging()

    @Test func bytes_over_the_limit_are_refused_before_loading() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 320, height: 240)
        let path = try TestFiles.path(for: bytes)
        let strict = Imaging(limits: ImagingLimits(maxBytes: 1000))

        // act / assert
        #expect(throws: ImagingError.tooLarge(bytes: bytes.count, limit: 1000)) {
            try strict.probe(data: bytes)
        }
        #expect(throws: ImagingError.tooLarge(bytes: bytes.count, limit: 1000)) {
            try strict.render(file: path, RenditionSpec(width: 100))
        }
    }

    @Test func decompression_bomb_is_refused_from_the_header() throws {
        // setup
        let bomb = try Fixtures.decompressionBomb()
        let path = try TestFiles.path(for: bomb)
        let expected = ImagingError.tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000)

        // act / assert
        #expect(bomb.count < 10_000)
        #expect(throws: expected) { try imaging.probe(data: bomb) }
        #expect(throws: expected) { try imaging.probe(file: path) }
        #expect(throws: expected) { try imaging.render(data: bomb, RenditionSpec(width: 100)) }
        #expect(throws: expected) { try imaging.render(file: path, RenditionSpec(width: 100)) }
        #expect(throws: expected) { try imaging.prepare(file: path, renditions: [RenditionSpec(width: 100)]) }
    }

    @Test func pixel_limit_is_configurable() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 640, height: 480)
        let strict = Imaging(limits: ImagingLimits(maxPixels: 640 * 480 - 1))

        // act / assert
        #expect(throws: ImagingError.tooManyPixels(width: 640, height: 480, limit: 640 * 480 - 1)) {
            try strict.probe(data: bytes)
        }
        #expect(try Imaging(limits: ImagingLimits(maxPixels: 640 * 480)).probe(data: bytes).width == 640)
    }

    @Test func truncated_jpeg_is_reported_as_corrupt() throws {
        // setup
        let truncated = Fixtures.truncated(try Fixtures.jpeg(width: 800, height: 600, seed: 1))
        let path = try TestFiles.path(for: truncated)

        // act
        let fromBytes = #expect(throws: ImagingError.self) {
            try imaging.render(data: truncated, RenditionSpec(width: 200))
        }
        let fromFile = #expect(throws: ImagingError.self) {
            try imaging.render(file: path, RenditionSpec(width: 200))
        }
        let prepared = #expect(throws: ImagingError.self) {
            try imaging.prepare(file: path, renditions: [RenditionSpec(width: 200)])
        }

        // assert
        #expect(fromBytes?.isCorrupt == true)
        #expect(fromFile?.isCorrupt == true)
        #expect(prepared?.isCorrupt == true)
    }

    @Test func truncated_png_is_reported_as_corrupt() throws {
        // setup
        let truncated = Fixtures.truncated(try Fixtures.png(width: 400, height: 300, seed: 1))

        // act
        let error = #expect(throws: ImagingError.self) {
            try imaging.render(data: truncated, RenditionSpec(width: 100))
        }

        // assert
        #expect(error?.isCorrupt == true)
    }

    @Test(arguments: ["pdf", "svg", "text"])
    func non_image_bytes_are_not_an_image(kind: String) throws {
        // setup
        let bytes = try #require(Fixtures.nonImages[kind])
        let path = try TestFiles.path(for: bytes, name: "upload.\(kind)")

        // act / assert
        #expect(throws: ImagingError.notAnImage) { try imaging.probe(data: bytes) }
        #expect(throws: ImagingError.notAnImage) { try imaging.probe(file: path) }
        #expect(throws: ImagingError.notAnImage) { try imaging.render(data: bytes, RenditionSpec(width: 10)) }
        #expect(throws: ImagingError.notAnImage) { try imaging.render(file: path, RenditionSpec(width: 10)) }
    }

    @Test func empty_bytes_are_not_an_image() {
        #expect(throws: ImagingError.notAnImage) { try imaging.probe(data: []) }
    }

    @Test func missing_file_is_an_error_not_a_crash() {
        // act
        let error = #expect(throws: ImagingError.self) {
            try imaging.probe(file: "/nonexistent/imagefeed/photo.jpg")
        }

        // assert
        #expect(error != nil)
    }

    @Test func errors_read_as_sentences() {
        #expect(
            ImagingError.tooManyPixels(width: 30_000, height: 20_000, limit: 100_000_000).description
                == "The image is 30000×20000 pixels; the limit is 100000000 pixels.")
        #expect(
            ImagingError.tooLarge(bytes: 300, limit: 200).description
                == "The file is 300 bytes; the limit is 200 bytes.")
        #expect(ImagingError.invalidParameter("Bad.").description == "Bad.")
    }
}
