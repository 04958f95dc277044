import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Probe", .testFolder)
struct ProbeTests {
    let imaging = Imaging()

    @Test func probe_reports_format_size_and_byte_count() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 640, height: 480)

        // act
        let probe = try imaging.probe(data: bytes)

        // assert
        #expect(probe.format == .jpeg)
        #expect(probe.width == 640)
        #expect(probe.height == 480)
        #expect(probe.orientation == 1)
        #expect(probe.byteCount == bytes.count)
        #expect(probe.gps == nil)
        #expect(probe.exif == ExifSummary())
        #expect(probe.keywords.isEmpty)
    }

    @Test func probe_of_file_matches_probe_of_bytes() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 320, height: 200, exif: .canon, keywords: ["tree"])
        let path = try TestFiles.path(for: bytes)

        // act
        let fromFile = try imaging.probe(file: path)
        let fromBytes = try imaging.probe(data: bytes)

        // assert
        #expect(fromFile == fromBytes)
    }

    @Test func paths_with_brackets_are_not_read_as_loader_options() throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 90, height: 60), name: "photo[shrink=2].jpg")

        // act
        let probe = try imaging.probe(file: path)
        let rendition = try imaging.render(file: path, RenditionSpec(width: 45))

        // assert
        #expect((probe.width, probe.height) == (90, 60))
        #expect((rendition.width, rendition.height) == (45, 30))
    }

    @Test func probe_reads_exif_summary_like_unsplash() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 320, height: 200, exif: .canon)

        // act
        let exif = try imaging.probe(data: bytes).exif

        // assert
        #expect(exif.make == "Canon")
        #expect(exif.model == "Canon EOS R5")
        #expect(exif.exposureTime == "1/250")
        #expect(exif.aperture == "2.8")
        #expect(exif.focalLength == "50.0")
        #expect(exif.iso == 400)
        #expect(exif.takenAt == Date(timeIntervalSince1970: 1_619_872_496))  // 2021-05-01T12:34:56Z
    }

    @Test func probe_formats_long_exposures_in_seconds() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 64, height: 64, exif: FixtureExif(exposureTime: "2/1", fNumber: "8/1"))

        // act
        let exif = try imaging.probe(data: bytes).exif

        // assert
        #expect(exif.exposureTime == "2")
        #expect(exif.aperture == "8.0")
    }

    @Test(arguments: [
        GPSPosition(latitude: 51.507_4, longitude: -0.127_8),  // London: N, W
        GPSPosition(latitude: -33.856_8, longitude: 151.215_3),  // Sydney: S, E
        GPSPosition(latitude: -22.951_9, longitude: -43.210_5),  // Rio: S, W
    ])
    func probe_reads_gps_with_hemisphere_references(position: GPSPosition) throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 64, height: 48, gps: position)

        // act
        let gps = try #require(try imaging.probe(data: bytes).gps)

        // assert
        #expect(abs(gps.latitude - position.latitude) < 0.000_01)
        #expect(abs(gps.longitude - position.longitude) < 0.000_01)
    }

    @Test(arguments: [5, 6, 7, 8])
    func probe_swaps_width_and_height_for_rotated_orientations(orientation: Int) throws {
        // setup: pixels stored landscape, as a phone stores a portrait photo
        let bytes = try Fixtures.jpeg(width: 600, height: 400, orientation: orientation)

        // act
        let probe = try imaging.probe(data: bytes)

        // assert
        #expect(probe.orientation == orientation)
        #expect(probe.width == 400)
        #expect(probe.height == 600)
    }

    @Test(arguments: [2, 3, 4])
    func probe_keeps_width_and_height_for_flips_and_half_turns(orientation: Int) throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 600, height: 400, orientation: orientation)

        // act
        let probe = try imaging.probe(data: bytes)

        // assert
        #expect(probe.orientation == orientation)
        #expect((probe.width, probe.height) == (600, 400))
    }

    @Test func probe_reads_keywords_trimmed_and_deduplicated() throws {
        // setup: the fixture writes every keyword to both IPTC and XMP
        let bytes = try Fixtures.jpeg(width: 64, height: 64, keywords: [" beach ", "Sun", "sun", "café & bar", ""])

        // act
        let keywords = try imaging.probe(data: bytes).keywords

        // assert
        #expect(keywords == ["beach", "Sun", "café & bar"])
    }

    @Test(arguments: [
        (OutputFormat.jpeg, ImageFormat.jpeg), (.png, .png), (.webp, .webp), (.avif, .avif),
    ])
    func probe_detects_format_from_bytes(output: OutputFormat, expected: ImageFormat) throws {
        // setup
        let source = try Fixtures.png(width: 120, height: 90, seed: 3)
        let bytes = try imaging.render(data: source, RenditionSpec(width: 120, format: output)).data

        // act
        let probe = try imaging.probe(data: bytes)

        // assert
        #expect(probe.format == expected)
        #expect(probe.format.mimeType == output.mimeType)
        #expect((probe.width, probe.height) == (120, 90))
    }

    @Test func fixtures_with_different_seeds_differ() throws {
        // act
        let first = try Fixtures.jpeg(width: 200, height: 150, seed: 1)
        let second = try Fixtures.jpeg(width: 200, height: 150, seed: 2)
        let again = try Fixtures.jpeg(width: 200, height: 150, seed: 1)

        // assert
        #expect(first != second)
        #expect(first == again)
    }
}
