internal import CVips
import Foundation

extension Imaging {
    /// Everything an import needs from one decode: probe, the renditions in order, BlurHash and colour.
    ///
    /// The file is decoded once with shrink-on-load to the largest size any spec needs (never
    /// above the original), kept in memory, and every rendition and the 32-pixel analysis image
    /// are derived from that copy.
    public func prepare(file path: String, renditions specs: [RenditionSpec]) throws(ImagingError) -> PreparedImage {
        let specs = try specs.map { spec throws(ImagingError) in try spec.validated() }
        return try withOriginal(file: path) { original throws(ImagingError) in
            try Self.prepare(original, specs)
        }
    }

    /// The same as ``prepare(file:renditions:)`` for bytes in memory.
    public func prepare(data: [UInt8], renditions specs: [RenditionSpec]) throws(ImagingError) -> PreparedImage {
        let specs = try specs.map { spec throws(ImagingError) in try spec.validated() }
        return try withOriginal(data: data) { original throws(ImagingError) in
            try Self.prepare(original, specs)
        }
    }

    private static let analysisSize = 32

    private static func prepare(
        _ original: CheckedOriginal, _ specs: [RenditionSpec]
    ) throws(ImagingError) -> PreparedImage {
        let probe = original.probe
        let boxes = specs.map(ThumbnailBox.init)
        let needed = boxes.map { $0.scale(fromWidth: probe.width, height: probe.height) }.max() ?? 0
        let analysisScale = Double(analysisSize) / Double(max(1, probe.width, probe.height))
        let scale = min(1, max(needed, analysisScale))
        let baseBox = ThumbnailBox(
            width: Int32(clamping: Int((Double(probe.width) * scale).rounded(.up))),
            height: Int32(clamping: Int((Double(probe.height) * scale).rounded(.up))))
        let base = try thumbnail(of: original, baseBox).materialised()

        var renditions: [Rendition] = []
        for (spec, box) in zip(specs, boxes) {
            let sized = try VipsImageHandle.from("vips_thumbnail_image") { out in
                cvips_thumbnail_image(base.pointer, out, box.width, box.height, box.size, box.crop)
            }
            renditions.append(try finish(sized, box: box, spec: spec))
        }

        let small = try VipsImageHandle.from("vips_thumbnail_image") { out in
            cvips_thumbnail_image(
                base.pointer, out, Int32(analysisSize), Int32(analysisSize), VIPS_SIZE_DOWN, VIPS_INTERESTING_NONE)
        }
        let pixels = try small.rgbPixels()
        let landscape = small.width >= small.height
        return PreparedImage(
            probe: probe,
            renditions: renditions,
            blurHash: BlurHash.encode(
                rgb: pixels, width: small.width, height: small.height,
                componentsX: landscape ? 4 : 3, componentsY: landscape ? 3 : 4),
            dominantColor: DominantColor.hex(rgb: pixels)
        )
    }
}

extension ThumbnailBox {
    /// A plain fit-inside box of exactly this size, never upscaling.
    init(width: Int32, height: Int32) {
        self.width = max(1, width)
        self.height = max(1, height)
        size = VIPS_SIZE_DOWN
        crop = VIPS_INTERESTING_NONE
        padding = nil
    }
}
