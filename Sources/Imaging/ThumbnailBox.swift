internal import CVips

/// How one spec maps onto `vips_thumbnail`'s box, size and interesting-crop options.
struct ThumbnailBox {
    /// Box width in pixels; `VIPS_MAX_COORD` when only a height is given.
    var width: Int32
    /// Box height in pixels; `VIPS_MAX_COORD` when only a width is given.
    var height: Int32
    var size: VipsSize
    var crop: VipsInteresting
    /// The exact output size `fit=fill` pads to.
    var padding: (width: Int, height: Int)?

    init(_ spec: RenditionSpec) {
        let unconstrained = Int32(VIPS_MAX_COORD)
        width = spec.pixelWidth.map { Int32($0) } ?? unconstrained
        height = spec.pixelHeight.map { Int32($0) } ?? unconstrained
        size = VIPS_SIZE_DOWN
        crop = VIPS_INTERESTING_NONE
        guard let boxWidth = spec.pixelWidth, let boxHeight = spec.pixelHeight else { return }
        switch spec.fit {
        case .clip, .max:
            break
        case .crop:
            size = VIPS_SIZE_BOTH
            crop =
                switch spec.crop {
                case .centre: VIPS_INTERESTING_CENTRE
                case .entropy: VIPS_INTERESTING_ENTROPY
                case .attention: VIPS_INTERESTING_ATTENTION
                }
        case .fill:
            size = VIPS_SIZE_BOTH
            padding = (boxWidth, boxHeight)
        }
    }

    /// The scale from an (oriented) original this box needs, so one decode can serve several boxes.
    func scale(fromWidth originalWidth: Int, height originalHeight: Int) -> Double {
        let horizontal = Double(width) / Double(max(1, originalWidth))
        let vertical = Double(height) / Double(max(1, originalHeight))
        if crop != VIPS_INTERESTING_NONE {
            return max(horizontal, vertical)
        }
        let fitted = min(horizontal, vertical)
        return size == VIPS_SIZE_DOWN ? min(fitted, 1) : fitted
    }
}
