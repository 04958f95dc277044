import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Mezzanine (a working copy of large originals)", .testFolder)
struct MezzanineTests {
    let imaging = Imaging()

    @Test(arguments: [
        (4000, 2000), (6000, 1500), (4100, 2048), (2200, 1100), (2150, 2048), (9000, 1125), (20000, 2048),
    ])
    func its_long_side_is_what_shrink_on_load_gives_within_the_bounds(original: Int, expected: Int) {
        #expect(Mezzanine.longSide(forOriginal: original) == expected)
    }

    @Test(arguments: [2048, 1200, 400])
    func small_originals_need_none(original: Int) {
        #expect(Mezzanine.longSide(forOriginal: original) == nil)
    }

    @Test func it_suffices_for_renditions_no_larger_than_itself() {
        // a 4000 × 3000 original has a 2000 × 1500 mezzanine
        let width = 4000
        let height = 3000
        func suffices(_ spec: RenditionSpec) -> Bool {
            Mezzanine.suffices(forScale: spec.scale(fromWidth: width, height: height), width: width, height: height)
        }
        #expect(suffices(RenditionSpec(width: 1080)))
        #expect(suffices(RenditionSpec(width: 1999)))
        #expect(!suffices(RenditionSpec(width: 2000 * 2)))
        #expect(!suffices(RenditionSpec(width: 4000)))
        #expect(suffices(RenditionSpec(width: 1080, height: 1080, fit: .crop)))
        // a phone wallpaper needs 1920 px of the 3000 px side: more than the mezzanine's 1500
        #expect(!suffices(RenditionSpec(width: 1080, height: 1920, fit: .crop)))
        #expect(!Mezzanine.suffices(forScale: 0.5, width: 1600, height: 1200))
    }

    @Test func prepare_makes_a_baseline_jpeg_mezzanine_of_a_large_original() throws {
        // setup
        let path = try TestFiles.path(
            for: try Fixtures.jpeg(
                width: 2600, height: 1950, seed: 11,
                gps: GPSPosition(
                    latitude: 48.85, longitude: 2.29)))

        // act
        let prepared = try imaging.prepare(file: path, renditions: [RenditionSpec(width: 1080)], mezzanine: true)

        // assert: half the original's size, a plain JPEG without metadata, and the renditions unchanged
        let mezzanine = try #require(prepared.mezzanine)
        #expect((mezzanine.width, mezzanine.height) == (1300, 975))
        #expect(mezzanine.format == .jpeg)
        let probe = try imaging.probe(data: mezzanine.data)
        #expect((probe.width, probe.height) == (1300, 975))
        #expect(probe.gps == nil)
        #expect(!TestFiles.isProgressiveJPEG(mezzanine.data))
        #expect(prepared.renditions.map(\.width) == [1080])
    }

    @Test func prepare_makes_none_unless_asked_or_for_small_originals() throws {
        let large = try TestFiles.path(for: try Fixtures.jpeg(width: 2600, height: 1950, seed: 12))
        let small = try TestFiles.path(for: try Fixtures.jpeg(width: 1600, height: 1200, seed: 13))
        #expect(try imaging.prepare(file: large, renditions: [RenditionSpec(width: 400)]).mezzanine == nil)
        #expect(
            try imaging.prepare(file: small, renditions: [RenditionSpec(width: 400)], mezzanine: true).mezzanine == nil)
    }
}
