internal import CVips

/// Encodes raw pixels plus metadata into image files, so tests and tools can build originals
/// (EXIF, GPS, orientation, XMP) with libvips itself instead of committing binary fixtures.
public enum FixtureFactory {
    /// Encodes interleaved 8-bit pixels, keeping the given metadata.
    ///
    /// - Parameters:
    ///   - pixels: `width × height × bands` bytes, row-major.
    ///   - bands: 3 for RGB, 4 for RGBA.
    ///   - metadata: libvips string fields written into the EXIF block on save, such as
    ///     `"exif-ifd0-Make": "Canon"`, `"exif-ifd2-ExposureTime": "1/250"`,
    ///     `"exif-ifd3-GPSLatitude": "51/1 30/1 2600/100"`.
    ///   - orientation: the EXIF orientation to record (the pixels are not rotated).
    ///   - xmp: an XMP packet to embed.
    public static func encode(
        pixels: [UInt8], width: Int, height: Int, bands: Int = 3, format: OutputFormat, quality: Int = 90,
        metadata: [String: String] = [:], orientation: Int? = nil, xmp: [UInt8]? = nil
    ) throws(ImagingError) -> [UInt8] {
        try Imaging.start()
        guard width > 0, height > 0, (1...4).contains(bands), pixels.count == width * height * bands else {
            throw .invalidParameter("Expected \(width)×\(height)×\(bands) bytes of pixels; got \(pixels.count).")
        }
        let made = pixels.withUnsafeBytes { bytes in
            vips_image_new_from_memory_copy(
                bytes.baseAddress, bytes.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }
        guard let made else { throw .failed(in: "vips_image_new_from_memory_copy") }
        let image = VipsImageHandle(owning: made)
        image.pointer.pointee.Type = bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W
        for (name, value) in metadata.sorted(by: { $0.key < $1.key }) {
            vips_image_set_string(image.pointer, name, value)
        }
        if let orientation {
            vips_image_set_int(image.pointer, "orientation", Int32(orientation))
        }
        if let xmp, !xmp.isEmpty {
            xmp.withUnsafeBytes { vips_image_set_blob_copy(image.pointer, "xmp-data", $0.baseAddress, $0.count) }
        }
        return try Imaging.encode(image, format: format, quality: quality, strip: false)
    }
}
