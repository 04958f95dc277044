internal import CVips
import Foundation

extension Imaging {
    /// Everything an import needs from one decode: probe, the renditions in order, BlurHash and colour, and with
    /// `mezzanine` the original's ``Mezzanine``.
    ///
    /// The file is decoded once with shrink-on-load to the largest size any spec (or the mezzanine) needs (never
    /// above the original), kept in memory, and every rendition and the 32-pixel analysis image are derived from
    /// that copy.
    public func prepare(file path: String, renditions specs: [RenditionSpec], mezzanine: Bool = false)
        throws(ImagingError) -> PreparedImage
    {
        let specs = try specs.map { spec throws(ImagingError) in try spec.validated() }
        return try withOriginal(file: path) { original throws(ImagingError) in
            try Self.prepare(original, specs, mezzanine: mezzanine)
        }
    }

    /// The same as ``prepare(file:renditions:mezzanine:)`` for bytes in memory.
    public func prepare(data: [UInt8], renditions specs: [RenditionSpec], mezzanine: Bool = false)
        throws(ImagingError) -> PreparedImage
    {
        let specs = try specs.map { spec throws(ImagingError) in try spec.validated() }
        return try withOriginal(data: data) { original throws(ImagingError) in
            try Self.prepare(original, specs, mezzanine: mezzanine)
        }
    }

    private static let analysisSize = 32

    private static func prepare(
        _ original: CheckedOriginal, _ specs: [RenditionSpec], mezzanine wantsMezzanine: Bool
    ) throws(ImagingError) -> PreparedImage {
        let probe = original.probe
        let boxes = specs.map(ThumbnailBox.init)
        let longSide = max(1, probe.width, probe.height)
        let mezzanineSide = wantsMezzanine ? Mezzanine.longSide(forOriginal: longSide) : nil
        let needed = boxes.map { $0.scale(fromWidth: probe.width, height: probe.height) }.max() ?? 0
        let mezzanineScale = mezzanineSide.map { Double($0) / Double(longSide) } ?? 0
        let analysisScale = Double(analysisSize) / Double(longSide)
        let scale = min(1, max(needed, mezzanineScale, analysisScale))
        let baseBox = ThumbnailBox(
            width: Int32(clamping: Int((Double(probe.width) * scale).rounded(.up))),
            height: Int32(clamping: Int((Double(probe.height) * scale).rounded(.up))))
        let base = try thumbnail(of: original, baseBox).materialised()
        let mezzanine = try mezzanineSide.map { _ throws(ImagingError) in
            Rendition(
                data: try encodeMezzanine(base), width: base.width, height: base.height, format: .jpeg
            )
        }

        // Each rendition is made from the smallest image decoded so far that is large enough for it: the 400 and
        // 200 px sizes from the 1080 px one, not from a 2000 px base kept for the mezzanine.
        var sources: [VipsImageHandle] = [base]
        var renditions: [Rendition] = []
        for (spec, box) in zip(specs, boxes) {
            let needed = box.scale(fromWidth: probe.width, height: probe.height)
            let source =
                sources.last { image in
                    Double(image.width) >= needed * Double(probe.width) - 0.5
                        && Double(image.height) >= needed * Double(probe.height) - 0.5
                } ?? base
            var sized = try VipsImageHandle.from("vips_thumbnail_image") { out in
                cvips_thumbnail_image(source.pointer, out, box.width, box.height, box.size, box.crop)
            }
            if box.crop == VIPS_INTERESTING_NONE, box.padding == nil {
                sized = try sized.materialised()
                sources.append(sized)
                sources.sort { $0.width > $1.width }
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
            dominantColor: DominantColor.hex(rgb: pixels),
            mezzanine: mezzanine
        )
    }

    private static func encodeMezzanine(_ image: VipsImageHandle) throws(ImagingError) -> [UInt8] {
        var image = image
        if image.hasAlpha {
            let source = image
            image = try VipsImageHandle.from("vips_flatten") { cvips_flatten_white(source.pointer, $0) }
        }
        let source = image
        image = try VipsImageHandle.from("vips_copy") { cvips_copy_without_metadata(source.pointer, $0) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard cvips_jpegsave_mezzanine(image.pointer, &buffer, &length, Int32(Mezzanine.quality)) == 0, let buffer
        else {
            if let buffer { cvips_free(buffer) }
            throw .failed(in: "vips_jpegsave_buffer")
        }
        defer { cvips_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
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
