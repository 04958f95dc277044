/// A high-quality working copy of a large original, made at import: renditions it is big enough for are made from
/// it instead of the original. Decoding a 12-megapixel JPEG is most of an uncached rendition's cost (~90 ms of
/// entropy decoding at half scale); a 2000-pixel mezzanine decodes in under a tenth of that.
///
/// Its long side is the original's divided by the smallest power of two that brings it to at most ``maximum``
/// pixels — the size JPEG decoders produce while loading, so making it costs no full decode — as long as that stays
/// at least ``minimum`` (the largest feed rendition); otherwise exactly ``maximum``. Originals no larger than
/// ``maximum`` get none: they are cheap to render from.
public enum Mezzanine {
    /// The largest long side, in pixels.
    public static let maximum = 2048
    /// The smallest long side worth making: the feed's largest rendition.
    public static let minimum = 1080
    /// JPEG quality: high enough that the renditions made from it (at quality 80) show no difference.
    public static let quality = 92

    /// The long side of the mezzanine of an original whose long side is `originalLongSide`; nil when it needs none.
    public static func longSide(forOriginal originalLongSide: Int) -> Int? {
        guard originalLongSide > maximum else { return nil }
        for factor in [2, 4, 8] {
            let side = (originalLongSide + factor - 1) / factor
            if side <= maximum { return side >= minimum ? side : maximum }
        }
        return maximum
    }

    /// Whether a rendition that needs `scale` of an original of `width` × `height` can be made from its mezzanine
    /// (it needs no more pixels than the mezzanine has).
    public static func suffices(forScale scale: Double, width: Int, height: Int) -> Bool {
        let originalLongSide = max(width, height)
        guard let side = longSide(forOriginal: originalLongSide) else { return false }
        // One pixel of margin: libvips rounds the mezzanine's size its own way.
        return scale * Double(originalLongSide) <= Double(side - 1)
    }
}

extension RenditionSpec {
    /// The scale of an original of `width` × `height` this spec needs.
    public func scale(fromWidth width: Int, height: Int) -> Double {
        ThumbnailBox(self).scale(fromWidth: width, height: height)
    }

    /// The size of the rendition of an original of `width` × `height` (after orientation): the box itself for
    /// `fit=crop` and `fit=fill`, else the original scaled into the box, never enlarged. Known before any pixel is
    /// decoded, so a request for too large an output is refused at once.
    public func outputSize(fromWidth width: Int, height: Int) -> (width: Int, height: Int) {
        let box = ThumbnailBox(self)
        if let padding = box.padding { return padding }
        if let boxWidth = pixelWidth, let boxHeight = pixelHeight, fit == .crop { return (boxWidth, boxHeight) }
        let scale = box.scale(fromWidth: width, height: height)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
