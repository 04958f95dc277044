internal import CVips

/// Owns one `VipsImage *` reference and releases it when the handle goes away.
///
/// Handles never leave a single `Imaging` call, so they need not be `Sendable`.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes over a reference returned by a libvips call.
    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        cvips_unref(pointer)
    }

    /// Wraps the `out` image of a libvips call that returns 0 on success.
    static func from(
        _ call: String,
        orThrow makeError: (String) -> ImagingError = { ImagingError.failed(in: $0) },
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> VipsImageHandle {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = body(&out)
        guard status == 0, let out else {
            if let out { cvips_unref(out) }
            throw makeError(call)
        }
        return VipsImageHandle(owning: out)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// EXIF orientation 1...8, 1 when absent or out of range.
    var orientation: Int {
        let value = Int(vips_image_get_orientation(pointer))
        return (1...8).contains(value) ? value : 1
    }

    /// The string value of a metadata field (EXIF fields come as libvips's formatted strings).
    func string(_ field: String) -> String? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else {
            vips_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// The bytes of a blob metadata field such as `iptc-data` or `xmp-data`.
    func blob(_ field: String) -> [UInt8]? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, field, &data, &length) == 0, let data, length > 0 else {
            vips_error_clear()
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// Decodes the whole pipeline into memory, so decode errors surface here and not in a saver.
    func materialised() throws(ImagingError) -> VipsImageHandle {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw .damaged(in: "vips_image_copy_memory")
        }
        return VipsImageHandle(owning: copy)
    }

    /// The pixels as interleaved 8-bit sRGB, alpha flattened onto white.
    func rgbPixels() throws(ImagingError) -> [UInt8] {
        var image = try VipsImageHandle.from("vips_colourspace") { cvips_to_srgb(pointer, $0) }
        if image.hasAlpha {
            let source = image
            image = try VipsImageHandle.from("vips_flatten") { cvips_flatten_white(source.pointer, $0) }
        }
        if image.bands > 3 {
            let source = image
            image = try VipsImageHandle.from("vips_extract_band") { cvips_extract_bands(source.pointer, $0, 0, 3) }
        }
        let source = image
        image = try VipsImageHandle.from("vips_cast") { cvips_cast_uchar(source.pointer, $0) }
        var length = 0
        guard let memory = vips_image_write_to_memory(image.pointer, &length) else {
            throw .failed(in: "vips_image_write_to_memory")
        }
        defer { cvips_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: length))
    }
}
