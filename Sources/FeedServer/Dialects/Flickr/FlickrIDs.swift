import Foundation

/// The library's numeric ids in the shapes Flickr gives its own, so that clients whose parsers check those shapes
/// (NSIDs in `@N` form, photo and album URLs) read them. Each is the record's stable number moved into Flickr's
/// range; the small numbers handed out before (`1@N01`, photo `7`, photoset `3`) still name the same records.
///
/// | record | Flickr's shape | here |
/// |---|---|---|
/// | person | NSID, 5–11 digits, `@N`, 2 digits (`12037949754@N01`) | `10000000 + number` followed by `@N07` |
/// | photo | up to 11 digits (`54450311696`) | `50000000000 + number` |
/// | photoset | 17 digits starting `72157` (`72157624618609504`) | `72157000000000000 + number` |
enum FlickrIDs {
    static let personBase: Int64 = 10_000_000
    static let personSuffix = "@N07"
    /// What NSIDs were before ids took Flickr's shapes.
    static let legacyPersonSuffix = "@N01"
    static let photoBase: Int64 = 50_000_000_000
    static let photosetBase: Int64 = 72_157_000_000_000_000

    static func nsid(_ number: Int64) -> String { String(personBase + number) + personSuffix }

    static func photoID(_ number: Int64) -> String { String(photoBase + number) }

    static func photosetID(_ number: Int64) -> String { String(photosetBase + number) }

    /// A person's number from an NSID in either form (`10000012@N07`, or `12@N01` as handed out before), or from a
    /// bare number; nil for anything else.
    static func personNumber(_ id: String) -> Int64? {
        if id.hasSuffix(personSuffix), let value = Int64(id.dropLast(personSuffix.count)), value > personBase {
            return value - personBase
        }
        if id.hasSuffix(legacyPersonSuffix), let value = Int64(id.dropLast(legacyPersonSuffix.count)), value > 0 {
            return value
        }
        return Int64(id).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A photo's number from its Flickr id, or from the number itself as handed out before; nil when not a photo id.
    static func photoNumber(_ id: String) -> Int64? { number(id, base: photoBase) }

    /// An album's number from its photoset id, or from the number itself as handed out before.
    static func photosetNumber(_ id: String) -> Int64? { number(id, base: photosetBase) }

    private static func number(_ id: String, base: Int64) -> Int64? {
        guard let value = Int64(id.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
        return value > base ? value - base : value
    }
}
