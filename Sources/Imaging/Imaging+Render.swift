internal import CVips

extension Imaging {
    /// Renders a file with shrink-on-load: auto-rotated, converted to sRGB, metadata stripped.
    public func render(file path: String, _ spec: RenditionSpec) throws(ImagingError) -> Rendition {
        let spec = try spec.validated()
        return try withOriginal(file: path) { original throws(ImagingError) in
            try Self.render(original, spec)
        }
    }

    /// Renders bytes with shrink-on-load: auto-rotated, converted to sRGB, metadata stripped.
    public func render(data: [UInt8], _ spec: RenditionSpec) throws(ImagingError) -> Rendition {
        let spec = try spec.validated()
        return try withOriginal(data: data) { original throws(ImagingError) in
            try Self.render(original, spec)
        }
    }

    private static func render(_ original: CheckedOriginal, _ spec: RenditionSpec) throws(ImagingError) -> Rendition {
        let box = ThumbnailBox(spec)
        do {
            // Streamed: the saver pulls pixels through decode and resize as it encodes, so the stages overlap on
            // libvips's worker threads instead of running one after the other.
            return try finish(try thumbnail(of: original, box), box: box, spec: spec)
        } catch {
            // A failure while streaming does not say whether the input or the encoder broke; the staged path,
            // which decodes everything first, does (a truncated file is `.corrupt`, not an encoder error).
            vips_error_clear()
            let thumbnail = try thumbnail(of: original, box).materialised()
            return try finish(thumbnail, box: box, spec: spec)
        }
    }

    /// Decodes an original through `vips_thumbnail`, so JPEG, WebP and HEIF shrink while loading.
    static func thumbnail(of original: CheckedOriginal, _ box: ThumbnailBox) throws(ImagingError) -> VipsImageHandle {
        let interpretation = vips_image_get_interpretation(original.header.pointer)
        // Only an embedded profile needs converting to sRGB; an untagged image already is sRGB, and the identity
        // transform through lcms cost about a tenth of a rendition.
        let tagged = vips_image_get_typeof(original.header.pointer, "icc-profile-data") != 0
        let rgb: Int32 =
            tagged && original.header.bands >= 3
                && [VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_RGB, VIPS_INTERPRETATION_RGB16].contains(
                    interpretation)
            ? 1 : 0
        return try VipsImageHandle.from("vips_thumbnail", orThrow: { .damaged(in: $0) }) { out in
            switch original.input {
            case .file(let path):
                cvips_thumbnail_file(path, out, box.width, box.height, box.size, box.crop, rgb)
            case .buffer(let bytes):
                cvips_thumbnail_buffer(
                    UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, out,
                    box.width, box.height, box.size, box.crop, rgb)
            }
        }
    }

    /// Pads for `fit=fill` and encodes a sized image.
    static func finish(
        _ sized: VipsImageHandle, box: ThumbnailBox, spec: RenditionSpec
    ) throws(ImagingError) -> Rendition {
        var image = sized
        if let padding = box.padding, padding != (image.width, image.height) {
            var background = [Double](repeating: 255, count: image.bands)
            if image.hasAlpha { background[background.count - 1] = 0 }
            let source = image
            image = try VipsImageHandle.from("vips_gravity") { out in
                cvips_pad(
                    source.pointer, out, Int32(padding.width), Int32(padding.height),
                    background, Int32(background.count))
            }
        }
        let data = try encode(image, format: spec.format, quality: spec.quality)
        return Rendition(data: data, width: image.width, height: image.height, format: spec.format)
    }

    /// Encodes, by default with metadata stripped; JPEG output is flattened onto white first.
    static func encode(
        _ image: VipsImageHandle, format: OutputFormat, quality: Int, strip: Bool = true
    ) throws(ImagingError) -> [UInt8] {
        var image = image
        if format == .jpeg, image.hasAlpha {
            let source = image
            image = try VipsImageHandle.from("vips_flatten") { cvips_flatten_white(source.pointer, $0) }
        }
        if strip {
            let source = image
            image = try VipsImageHandle.from("vips_copy") { cvips_copy_without_metadata(source.pointer, $0) }
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let quality = Int32(quality)
        let strip: Int32 = strip ? 1 : 0
        let (call, status): (String, Int32) =
            switch format {
            case .jpeg: ("vips_jpegsave_buffer", cvips_jpegsave(image.pointer, &buffer, &length, quality, strip))
            case .png: ("vips_pngsave_buffer", cvips_pngsave(image.pointer, &buffer, &length, quality, strip))
            case .webp: ("vips_webpsave_buffer", cvips_webpsave(image.pointer, &buffer, &length, quality, strip))
            case .avif: ("vips_heifsave_buffer", cvips_avifsave(image.pointer, &buffer, &length, quality, strip))
            }
        guard status == 0, let buffer else {
            if let buffer { cvips_free(buffer) }
            throw .failed(in: call)
        }
        defer { cvips_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
