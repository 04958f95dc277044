import FeedModels
import FeedStore
import Foundation
import Imaging

/// A deterministic library of made-up photos for benchmarks: captions from a 20,000-word vocabulary with Zipf
/// frequencies (about 3 % of photos carry each of ten real words such as "beach"), Zipf-distributed tags, five
/// cameras, twenty owners, and a new photo every 30 seconds from 2015 on. Photo `n` is the same on every run, so a
/// library can be grown in steps and two runs hold the same rows.
struct SyntheticLibrary {
    static let realWords = [
        "beach", "mountain", "forest", "city", "sunset", "flower", "river", "snow", "desert", "night",
    ]
    static let owners = (0..<20).map { (username: "user\($0)", firstName: "User\($0)", lastName: "Lastname\($0)") }
    static let baseTime: TimeInterval = 1_420_070_400  // 2015-01-01
    static let cameras: [(String, String)] = [
        ("Canon", "Canon EOS R6"), ("SONY", "ILCE-7M3"), ("Apple", "iPhone 15 Pro"), ("FUJIFILM", "X-T4"),
        ("NIKON CORPORATION", "NIKON Z 6_2"),
    ]
    /// In the order photo n has always drawn from (the vocabulary's own).
    static let colorNames = PhotoColor.allCases.map(\.rawValue)
    static let tags =
        [
            "nature", "travel", "landscape", "people", "street", "architecture", "animals", "food",
            "water", "sky", "portrait", "film", "summer", "winter", "autumn", "spring", "blackandwhite",
            "macro", "night", "family",
        ] + (0..<180).map { "tag\($0)" }
    static let vocabulary = (0..<20_000).map { "w\($0)" }
    private static let vocabularyWeights = cumulativeZipf(vocabulary.count)
    private static let tagWeights = cumulativeZipf(tags.count)

    /// Photo number `index`, owned by one of `ownerIDs` (in the order of ``owners``).
    static func photo(_ index: Int, ownerIDs: [String]) -> NewPhoto {
        var random = SplitMix64(seed: 20_261_122 &* 7919 &+ UInt64(index))
        var words = (0..<random.int(6...14)).map { _ in vocabulary[random.pick(vocabularyWeights)] }
        if random.unit() < 0.3 { words.insert(realWords[random.int(0...9)], at: random.int(0...words.count)) }
        let landscape = random.unit() < 0.7
        let camera = random.unit() < 0.6 ? cameras[index % cameras.count] : nil
        let created = Date(timeIntervalSince1970: baseTime + TimeInterval(index / 2) * 60)
        let photoTags = (0..<random.int(0...4)).map { _ in tags[random.pick(tagWeights)] }
        return NewPhoto(
            id: identifier(&random), ownerID: ownerIDs[index % ownerIDs.count],
            title: words.prefix(3).joined(separator: " ").capitalized, altDescription: words.joined(separator: " "),
            width: landscape ? 4000 : 3000, height: landscape ? 3000 : 4000,
            color: String(format: "#%06x", random.int(0...0xFF_FFFF)), colorName: colorNames[random.int(0...10)],
            blurHash: blurHash(&random),
            takenAt: created.addingTimeInterval(-TimeInterval(random.int(0...86_400 * 30))),
            camera: camera.map {
                CameraSettings(
                    make: $0.0, model: $0.1, exposureTime: "1/250", aperture: "2.8",
                    focalLength: "35.0", iso: 200)
            } ?? CameraSettings(),
            place: Place(), sha256: (0..<4).map { _ in String(format: "%016llx", random.next()) }.joined(),
            bytes: random.int(1_500_000...3_500_000), format: "jpeg", tags: photoTags, createdAt: created
        )
    }

    /// A placeholder of its own for each photo (the web app keeps decoded ones by hash): a gradient between two
    /// random colours over a 4 × 3 image.
    private static func blurHash(_ random: inout SplitMix64) -> String {
        let from = (0..<3).map { _ in random.int(0...255) }
        let to = (0..<3).map { _ in random.int(0...255) }
        var pixels: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<4 {
                let weight = Double(x + y) / 5
                for channel in 0..<3 {
                    pixels.append(UInt8(Double(from[channel]) * (1 - weight) + Double(to[channel]) * weight))
                }
            }
        }
        return BlurHash.encode(rgb: pixels, width: 4, height: 3)
    }

    private static func identifier(_ random: inout SplitMix64) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<11).map { _ in alphabet[random.int(0...63)] })
    }

    private static func cumulativeZipf(_ count: Int) -> [Double] {
        var total = 0.0
        return (1...count).map { rank in
            total += 1 / Double(rank)
            return total
        }
    }
}
