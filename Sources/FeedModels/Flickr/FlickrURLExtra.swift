/// The `url_*` extras of Flickr's photo lists, smallest first (reference §1.4, §1.6): each adds `url_X`,
/// `width_X` and `height_X` to a photo that has that size.
public enum FlickrURLExtra: String, Codable, Sendable, Hashable, CaseIterable {
    /// 75 px square (suffix `s`).
    case sq
    /// 150 px square (`q`).
    case q
    /// 100 px (`t`).
    case t
    /// 240 px (`m`).
    case s
    /// 320 px (`n`).
    case n
    /// 400 px (`w`).
    case w
    /// 500 px (no suffix).
    case m
    /// 640 px (`z`).
    case z
    /// 800 px (`c`).
    case c
    /// 1024 px (`b`).
    case l
    /// 1600 px (`h`, its own secret).
    case h
    /// 2048 px (`k`, its own secret).
    case k
    /// The original (`o`, its own secret and format).
    case o

    /// The `extras` value that asks for it: `url_m`.
    public var extra: String { "url_" + rawValue }
}
