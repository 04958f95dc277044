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
    /// The photographers. Synthetic people are named `bench-…`: no sign-up can choose a hyphen, so a seed never
    /// files photos under a real person's account nor collides with one.
    static let owners = (0..<20).map {
        (username: "bench-owner-\($0)", firstName: "Owner\($0)", lastName: "Lastname\($0)")
    }
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
            place: place(index), sha256: (0..<4).map { _ in String(format: "%016llx", random.next()) }.joined(),
            bytes: random.int(1_500_000...3_500_000), format: "jpeg", tags: photoTags, createdAt: created
        )
    }

    // MARK: the community around the photos

    /// One member (people who like photos and make albums) for every ``photosPerMember`` photos, twenty from the
    /// start: 200,020 people in a ten-million-photo library.
    static let photosPerMember = 50
    /// One album for every ``photosPerAlbum`` photos, of ``photosInAlbum`` of them.
    static let photosPerAlbum = 1000
    static let photosInAlbum = 40

    /// How many members a library of `photos` photos has.
    static func memberCount(photos: Int) -> Int { 20 + photos / photosPerMember }

    /// Member number `index`: the same id on every run.
    static func member(_ index: Int) -> BulkLoad.Member {
        BulkLoad.Member(
            id: memberID(index), username: "bench-member-\(index)", firstName: "Member\(index)",
            lastName: "Surname\(index)",
            createdAt: Date(
                timeIntervalSince1970: baseTime + TimeInterval(max(0, index - 20) * photosPerMember / 2) * 60))
    }

    /// Member number `index`'s id.
    static func memberID(_ index: Int) -> String {
        var random = SplitMix64(seed: 31_337 &* 7919 &+ UInt64(index))
        return identifier(&random)
    }

    /// The likes of photo number `index` (id `photoID`), by members who had joined by then. Half the photos have
    /// none; the rest a heavy-tailed number (most one or two, a few hundreds), about 1.5 a photo in all; the
    /// members who like are skewed too (member 0 likes most), as on any photo site.
    static func likes(of index: Int, photoID: String) -> [BulkLoad.Like] {
        var random = SplitMix64(seed: 4_242_421 &* 7919 &+ UInt64(index))
        guard random.unit() >= 0.5 else { return [] }
        let members = memberCount(photos: index + 1)
        let wanted = min(500, members, Int(1 / pow(1 - random.unit(), 0.7)))
        let created = baseTime + TimeInterval(index / 2) * 60
        var likers: Set<Int> = []
        var likes: [BulkLoad.Like] = []
        for _ in 0..<(wanted * 3) where likers.count < wanted {
            let liker = skewedMember(&random, among: members)
            guard likers.insert(liker).inserted else { continue }
            likes.append(
                BulkLoad.Like(
                    userID: memberID(liker), photoID: photoID,
                    likedAt: Date(timeIntervalSince1970: created + TimeInterval(random.int(0...86_400 * 30)))))
        }
        return likes
    }

    /// One of the first `members` members, the lower numbers far more often (the square of a uniform draw): the
    /// few who like and collect most, as on any photo site.
    private static func skewedMember(_ random: inout SplitMix64, among members: Int) -> Int {
        min(members - 1, Int(Double(members) * pow(random.unit(), 2)))
    }

    /// Album number `index`, made by a member from the photos numbered `index * photosPerAlbum` up to the next
    /// album's, once the last of them is there; `photoIDs` gives a photo number's id.
    static func album(_ index: Int, photoIDs: (Int) -> String) -> BulkLoad.Album {
        var random = SplitMix64(seed: 9_090_901 &* 7919 &+ UInt64(index))
        let first = index * photosPerAlbum
        let last = first + photosPerAlbum - 1
        var picked: [Int] = []
        var chosen: Set<Int> = []
        while picked.count < photosInAlbum {
            let photo = random.int(first...last)
            if chosen.insert(photo).inserted { picked.append(photo) }
        }
        let members = memberCount(photos: last + 1)
        return BulkLoad.Album(
            id: identifier(&random), ownerID: memberID(skewedMember(&random, among: members)),
            title: "Album \(index)", photoIDs: picked.map(photoIDs),
            createdAt: Date(timeIntervalSince1970: baseTime + TimeInterval(last / 2) * 60 + 1))
    }

    /// Where four photos in ten were taken (phones and many cameras record it): one of twenty-four cities, the
    /// first far more often than the last, anywhere within about 10 km of its centre.
    static func place(_ index: Int) -> Place {
        var random = SplitMix64(seed: 5_555_551 &* 7919 &+ UInt64(index))
        guard random.unit() < 0.4 else { return Place() }
        let city = cities[random.pick(cityWeights)]
        return Place(
            name: "\(city.name), \(city.country)", city: city.name, country: city.country,
            latitude: city.latitude + (random.unit() - 0.5) * 0.2,
            longitude: city.longitude + (random.unit() - 0.5) * 0.2)
    }

    static let cities: [(name: String, country: String, latitude: Double, longitude: Double)] = [
        ("Paris", "France", 48.857, 2.352), ("New York", "United States", 40.713, -74.006),
        ("Tokyo", "Japan", 35.690, 139.692), ("London", "United Kingdom", 51.507, -0.128),
        ("Barcelona", "Spain", 41.387, 2.168), ("Rome", "Italy", 41.903, 12.496),
        ("Berlin", "Germany", 52.520, 13.405), ("San Francisco", "United States", 37.775, -122.419),
        ("Sydney", "Australia", -33.869, 151.209), ("Lisbon", "Portugal", 38.722, -9.139),
        ("Reykjavík", "Iceland", 64.147, -21.942), ("Kyoto", "Japan", 35.012, 135.768),
        ("Cape Town", "South Africa", -33.925, 18.424), ("Rio de Janeiro", "Brazil", -22.907, -43.173),
        ("Vancouver", "Canada", 49.283, -123.121), ("Istanbul", "Türkiye", 41.008, 28.978),
        ("Seoul", "South Korea", 37.567, 126.978), ("Amsterdam", "Netherlands", 52.370, 4.895),
        ("Prague", "Czechia", 50.076, 14.438), ("Marrakesh", "Morocco", 31.629, -7.981),
        ("Hanoi", "Vietnam", 21.028, 105.834), ("Mexico City", "Mexico", 19.433, -99.133),
        ("Queenstown", "New Zealand", -45.031, 168.663), ("Ushuaia", "Argentina", -54.801, -68.303),
    ]
    private static let cityWeights = cumulativeZipf(cities.count)

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
