import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Prepare (one decode for an import)", .testFolder)
struct PrepareTests {
    let imaging = Imaging()

    @Test func prepare_returns_renditions_in_requested_order_with_right_sizes() throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 1200, height: 800, seed: 3))
        let specs = [
            RenditionSpec(width: 600, format: .webp),
            RenditionSpec(width: 200, height: 200, fit: .crop, crop: .attention),
            RenditionSpec(width: 300, quality: 60),
            RenditionSpec(width: 100, height: 100, fit: .fill, format: .avif),
            RenditionSpec(width: 5000, format: .png),
        ]

        // act
        let prepared = try imaging.prepare(file: path, renditions: specs)

        // assert
        #expect(prepared.renditions.map(\.format) == specs.map(\.format))
        #expect(prepared.renditions.map(\.width) == [600, 200, 300, 100, 1200])
        #expect(prepared.renditions.map(\.height) == [400, 200, 200, 100, 800])
        for rendition in prepared.renditions {
            #expect(TestFiles.hasMagic(rendition.data, of: rendition.format))
        }
    }

    @Test func prepare_sizes_match_single_renders() throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 1001, height: 667, seed: 8))
        let specs = [
            RenditionSpec(width: 400), RenditionSpec(height: 333), RenditionSpec(width: 120, height: 90, fit: .crop),
            RenditionSpec(width: 250, height: 250, fit: .fill), RenditionSpec(width: 77, dpr: 2),
        ]

        // act
        let prepared = try imaging.prepare(file: path, renditions: specs)
        let single = try specs.map { try imaging.render(file: path, $0) }

        // assert: the derived sizes may round differently by one pixel
        for (derived, direct) in zip(prepared.renditions, single) {
            #expect(abs(derived.width - direct.width) <= 1)
            #expect(abs(derived.height - direct.height) <= 1)
        }
    }

    @Test func prepare_probe_matches_probe_and_strips_renditions() throws {
        // setup
        let bytes = try Fixtures.jpeg(
            width: 600, height: 400, exif: .canon, gps: GPSPosition(latitude: 10, longitude: 20),
            orientation: 6, keywords: ["x"])
        let path = try TestFiles.path(for: bytes)

        // act
        let prepared = try imaging.prepare(file: path, renditions: [RenditionSpec(width: 200)])

        // assert
        #expect(prepared.probe == (try imaging.probe(file: path)))
        #expect((prepared.renditions[0].width, prepared.renditions[0].height) == (200, 300))
        #expect(try imaging.probe(data: prepared.renditions[0].data).gps == nil)
    }

    @Test func prepare_gives_blurhash_and_colour_without_renditions() throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 300, height: 200, seed: 6))

        // act
        let prepared = try imaging.prepare(file: path, renditions: [])

        // assert
        #expect(prepared.renditions.isEmpty)
        #expect(prepared.blurHash.count == 28)
        #expect(prepared.dominantColor.wholeMatch(of: /#[0-9a-f]{6}/) != nil)
    }

    @Test func dominant_colour_of_solid_red_is_red() throws {
        // setup
        let png = try TestFiles.path(
            for: try Fixtures.solid(width: 64, height: 48, red: 255, green: 0, blue: 0),
            name: "red.png")
        let jpeg = try TestFiles.path(
            for: try Fixtures.solid(width: 64, height: 48, red: 255, green: 0, blue: 0, format: .jpeg), name: "red.jpg")

        // act
        let fromPNG = try imaging.prepare(file: png, renditions: [])
        let fromJPEG = try imaging.prepare(file: jpeg, renditions: [])

        // assert
        #expect(fromPNG.dominantColor == "#ff0000")
        let analysed = [UInt8]((0..<(32 * 24)).flatMap { _ in [UInt8(255), 0, 0] })
        #expect(fromPNG.blurHash == BlurHash.encode(rgb: analysed, width: 32, height: 24))
        let channels = stride(from: 1, to: 7, by: 2).map {
            Int(fromJPEG.dominantColor.dropFirst($0).prefix(2), radix: 16) ?? -1
        }
        #expect(channels[0] >= 245 && channels[1] <= 10 && channels[2] <= 10)
    }

    @Test func prepare_of_portrait_uses_three_by_four_components() throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 300, height: 200, orientation: 6))

        // act
        let prepared = try imaging.prepare(file: path, renditions: [])

        // assert: size flag = (3 - 1) + (4 - 1) × 9 = 29 = "T"
        #expect(prepared.blurHash.first == "T")
        #expect(prepared.blurHash.count == 28)
    }
}
