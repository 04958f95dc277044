import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Render", .testFolder)
struct RenderTests {
    let imaging = Imaging()

    /// (spec, expected width, expected height) for a 1000×500 original.
    static let fits: [(RenditionSpec, Int, Int)] = [
        (RenditionSpec(width: 200, height: 200, fit: .clip), 200, 100),
        (RenditionSpec(width: 200, height: 200, fit: .max), 200, 100),
        (RenditionSpec(width: 2000, height: 2000, fit: .clip), 1000, 500),
        (RenditionSpec(width: 2000, height: 2000, fit: .max), 1000, 500),
        (RenditionSpec(width: 250), 250, 125),
        (RenditionSpec(height: 100), 200, 100),
        (RenditionSpec(width: 200, height: 200, fit: .crop), 200, 200),
        (RenditionSpec(width: 300, height: 100, fit: .crop), 300, 100),
        (RenditionSpec(width: 1200, height: 900, fit: .crop), 1200, 900),
        (RenditionSpec(width: 200, height: 200, fit: .fill), 200, 200),
        (RenditionSpec(width: 100, height: 300, fit: .fill), 100, 300),
        (RenditionSpec(width: 300, fit: .fill), 300, 150),
    ]

    @Test(arguments: fits)
    func every_fit_produces_the_expected_size(spec: RenditionSpec, width: Int, height: Int) throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 1000, height: 500, seed: 7))

        // act
        let rendition = try imaging.render(file: path, spec)

        // assert
        #expect((rendition.width, rendition.height) == (width, height))
        let decoded = try imaging.probe(data: rendition.data)
        #expect((decoded.width, decoded.height) == (width, height))
    }

    @Test(arguments: CropStrategy.allCases)
    func every_crop_strategy_produces_the_exact_box(strategy: CropStrategy) throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 800, height: 600, seed: 4)

        // act
        let spec = RenditionSpec(width: 150, height: 250, fit: .crop, crop: strategy)
        let rendition = try imaging.render(data: bytes, spec)

        // assert
        #expect((rendition.width, rendition.height) == (150, 250))
    }

    @Test(arguments: OutputFormat.allCases)
    func each_output_format_decodes_back(format: OutputFormat) throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 400, height: 300, seed: 2)

        // act
        let rendition = try imaging.render(data: bytes, RenditionSpec(width: 200, format: format))

        // assert
        #expect(rendition.format == format)
        #expect(TestFiles.hasMagic(rendition.data, of: format))
        let probe = try imaging.probe(data: rendition.data)
        #expect(probe.format.mimeType == format.mimeType)
        #expect((probe.width, probe.height) == (200, 150))
    }

    @Test func dpr_multiplies_the_requested_size() throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 800, height: 600)

        // act
        let single = try imaging.render(data: bytes, RenditionSpec(width: 100, height: 100, fit: .crop))
        let double = try imaging.render(data: bytes, RenditionSpec(width: 100, height: 100, fit: .crop, dpr: 2))

        // assert
        #expect((single.width, single.height) == (100, 100))
        #expect((double.width, double.height) == (200, 200))
    }

    @Test(arguments: [OutputFormat.jpeg, .webp, .avif])
    func lower_quality_gives_fewer_bytes(format: OutputFormat) throws {
        // setup
        let bytes = try Fixtures.jpeg(width: 800, height: 600, seed: 9)

        // act
        let low = try imaging.render(data: bytes, RenditionSpec(width: 400, quality: 10, format: format))
        let high = try imaging.render(data: bytes, RenditionSpec(width: 400, quality: 95, format: format))

        // assert
        #expect(low.data.count < high.data.count)
    }

    @Test(arguments: OutputFormat.allCases)
    func renditions_carry_no_exif_gps_or_keywords(format: OutputFormat) throws {
        // setup
        let original = try Fixtures.jpeg(
            width: 600, height: 400, exif: .canon, gps: GPSPosition(latitude: 48.858, longitude: 2.294),
            keywords: ["paris"])
        #expect(try imaging.probe(data: original).gps != nil)

        // act
        let rendition = try imaging.render(data: original, RenditionSpec(width: 300, format: format))

        // assert
        let probe = try imaging.probe(data: rendition.data)
        #expect(probe.gps == nil)
        #expect(probe.exif.make == nil)
        #expect(probe.exif.takenAt == nil)
        #expect(probe.keywords.isEmpty)
    }

    @Test func render_applies_the_exif_orientation() throws {
        // setup: stored 600×400 landscape, orientation 6 means shown as 400×600 portrait
        let bytes = try Fixtures.jpeg(width: 600, height: 400, orientation: 6)

        // act
        let rendition = try imaging.render(data: bytes, RenditionSpec(width: 200, height: 300))

        // assert
        #expect((rendition.width, rendition.height) == (200, 300))
        let probe = try imaging.probe(data: rendition.data)
        #expect(probe.orientation == 1)
        #expect((probe.width, probe.height) == (200, 300))
    }

    @Test func transparent_png_renders_to_every_format() throws {
        // setup
        let bytes = try Fixtures.png(width: 300, height: 200, alpha: true)

        // act
        let renditions = try OutputFormat.allCases.map { format in
            try imaging.render(data: bytes, RenditionSpec(width: 120, height: 120, fit: .fill, format: format))
        }

        // assert
        for rendition in renditions {
            #expect((rendition.width, rendition.height) == (120, 120))
            #expect(TestFiles.hasMagic(rendition.data, of: rendition.format))
        }
    }

    @Test func sixteen_parallel_renders_succeed() async throws {
        // setup
        let path = try TestFiles.path(for: try Fixtures.jpeg(width: 1200, height: 800, seed: 5))
        let imaging = imaging

        // act
        let sizes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<16 {
                let format = OutputFormat.allCases[index % OutputFormat.allCases.count]
                group.addTask {
                    let spec = RenditionSpec(width: 100 + index * 10, height: 100, fit: .crop, format: format)
                    let rendition =
                        index.isMultiple(of: 2)
                        ? try imaging.render(file: path, spec)
                        : try imaging.render(data: Array(try Data(contentsOf: URL(fileURLWithPath: path))), spec)
                    return (rendition.width, rendition.height)
                }
            }
            var sizes: [(Int, Int)] = []
            for try await size in group { sizes.append(size) }
            return sizes
        }

        // assert
        #expect(sizes.count == 16)
        let widths = Set(sizes.map(\.0))
        #expect(widths == Set((0..<16).map { 100 + $0 * 10 }))
        #expect(sizes.allSatisfy { $0.1 == 100 })
    }
}
