import Foundation
import Imaging

/// EXIF fields a fixture JPEG carries; written by libvips from its `exif-ifd*` string fields.
public struct FixtureExif: Sendable, Hashable {
    /// Camera maker (IFD0 Make).
    public var make: String
    /// Camera model (IFD0 Model).
    public var model: String
    /// Exposure time as an EXIF rational, e.g. "1/250".
    public var exposureTime: String
    /// F-number as an EXIF rational, e.g. "28/10" for f/2.8.
    public var fNumber: String
    /// Focal length as an EXIF rational, e.g. "50/1".
    public var focalLength: String
    /// ISO speed.
    public var iso: Int
    /// DateTimeOriginal in EXIF form, "yyyy:MM:dd HH:mm:ss".
    public var takenAt: String

    /// Creates EXIF values; the defaults describe a plausible Canon shot.
    public init(
        make: String = "Canon", model: String = "Canon EOS R5", exposureTime: String = "1/250",
        fNumber: String = "28/10", focalLength: String = "50/1", iso: Int = 400,
        takenAt: String = "2021:05:01 12:34:56"
    ) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.focalLength = focalLength
        self.iso = iso
        self.takenAt = takenAt
    }

    /// The default Canon shot: 1/250 s, f/2.8, 50 mm, ISO 400, 2021-05-01 12:34:56.
    public static let canon = FixtureExif()

    var vipsFields: [String: String] {
        [
            "exif-ifd0-Make": make,
            "exif-ifd0-Model": model,
            "exif-ifd2-ExposureTime": exposureTime,
            "exif-ifd2-FNumber": fNumber,
            "exif-ifd2-FocalLength": focalLength,
            "exif-ifd2-ISOSpeedRatings": String(iso),
            "exif-ifd2-DateTimeOriginal": takenAt,
        ]
    }
}

/// Generated test images: made with libvips at test time, so no binary fixtures are committed.
///
/// Every image is deterministic for its arguments; different seeds give visibly different
/// pixels (and so different sha256 digests).
public enum Fixtures {
    /// A JPEG photo-like image (gradient plus seeded blocks) with optional EXIF, GPS, orientation
    /// and keywords (written both as IPTC Keywords in APP13 and as XMP dc:subject).
    ///
    /// The pixels are stored as given: with orientation 6 a 600×400 fixture probes as 400×600.
    public static func jpeg(
        width: Int, height: Int, seed: Int = 0, exif: FixtureExif? = nil, gps: GPSPosition? = nil,
        orientation: Int = 1, keywords: [String] = [], quality: Int = 90
    ) throws -> [UInt8] {
        var metadata = exif?.vipsFields ?? [:]
        if let gps {
            metadata["exif-ifd3-GPSLatitude"] = rationalDegrees(gps.latitude)
            metadata["exif-ifd3-GPSLatitudeRef"] = gps.latitude < 0 ? "S" : "N"
            metadata["exif-ifd3-GPSLongitude"] = rationalDegrees(gps.longitude)
            metadata["exif-ifd3-GPSLongitudeRef"] = gps.longitude < 0 ? "W" : "E"
        }
        let bytes = try FixtureFactory.encode(
            pixels: pixels(width: width, height: height, seed: seed), width: width, height: height,
            format: .jpeg, quality: quality, metadata: metadata,
            orientation: orientation == 1 ? nil : orientation,
            xmp: keywords.isEmpty ? nil : xmpPacket(keywords: keywords))
        return keywords.isEmpty ? bytes : insertingIPTC(keywords: keywords, into: bytes)
    }

    /// A PNG with the same seeded pattern; with `alpha` the right half is half transparent.
    public static func png(width: Int, height: Int, seed: Int = 0, alpha: Bool = false) throws -> [UInt8] {
        var rgb = pixels(width: width, height: height, seed: seed)
        guard alpha else {
            return try FixtureFactory.encode(pixels: rgb, width: width, height: height, format: .png, quality: 100)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            rgba[index * 4] = rgb[index * 3]
            rgba[index * 4 + 1] = rgb[index * 3 + 1]
            rgba[index * 4 + 2] = rgb[index * 3 + 2]
            rgba[index * 4 + 3] = index % width < width / 2 ? 255 : 128
        }
        rgb = rgba
        return try FixtureFactory.encode(
            pixels: rgb, width: width, height: height, bands: 4, format: .png, quality: 100)
    }

    /// A single-colour image, lossless PNG by default.
    public static func solid(
        width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, format: OutputFormat = .png
    ) throws -> [UInt8] {
        let pixels = [UInt8]((0..<(width * height)).flatMap { _ in [red, green, blue] })
        return try FixtureFactory.encode(pixels: pixels, width: width, height: height, format: format, quality: 100)
    }

    /// The first half of the bytes: a truncated file that still has a valid header.
    public static func truncated(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(bytes.count / 2))
    }

    /// A 16×16 JPEG whose frame header claims 30000×30000 (900 megapixels): a decompression bomb
    /// that must be refused from the header alone.
    public static func decompressionBomb() throws -> [UInt8] {
        var bytes = try jpeg(width: 16, height: 16)
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC3).contains(marker) {
                let side: [UInt8] = [UInt8(30_000 >> 8), UInt8(30_000 & 0xFF)]
                bytes.replaceSubrange(index + 5..<index + 9, with: side + side)
                return bytes
            }
            index += 2 + length
        }
        throw FixtureError.noFrameHeader
    }

    /// Bytes that are not an image: a PDF, an SVG and plain text, by name.
    public static let nonImages: [String: [UInt8]] = [
        "pdf": Array("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8),
        "svg": Array(
            """
            <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">\
            <rect width="64" height="64" fill="red"/></svg>
            """.utf8),
        "text": Array("Just some words, not a photo.\n".utf8),
    ]

    /// Writes bytes to a file, creating missing parent directories.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// A fresh, empty directory under the system temporary directory.
    public static func temporaryDirectory(prefix: String = "imagefeed-fixtures") throws -> String {
        let path = NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Errors building a fixture.
    public enum FixtureError: Error {
        /// The generated JPEG had no SOF marker to patch.
        case noFrameHeader
    }
}

/// A fixture JPEG of a given size; each seed gives other bytes.
public func smallJPEG(seed: Int, width: Int = 96, height: Int = 64, gps: GPSPosition? = nil) throws -> [UInt8] {
    try Fixtures.jpeg(width: width, height: height, seed: seed, gps: gps)
}
