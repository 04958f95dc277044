import Foundation

/// A GPS position in decimal degrees, south and west negative.
public struct GPSPosition: Sendable, Hashable, Codable {
    /// Latitude in degrees, -90...90.
    public var latitude: Double
    /// Longitude in degrees, -180...180.
    public var longitude: Double

    /// Creates a position.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The EXIF fields a photo page shows, formatted the way Unsplash does.
public struct ExifSummary: Sendable, Hashable, Codable {
    /// Camera maker, e.g. "Canon".
    public var make: String?
    /// Camera model, e.g. "EOS R5".
    public var model: String?
    /// Exposure time, e.g. "1/250" or "2".
    public var exposureTime: String?
    /// F-number, e.g. "2.8".
    public var aperture: String?
    /// Focal length in millimetres, e.g. "50.0".
    public var focalLength: String?
    /// ISO speed.
    public var iso: Int?
    /// DateTimeOriginal (else DateTime), read as UTC unless the file records an offset.
    public var takenAt: Date?

    /// Creates a summary; every field defaults to absent.
    public init(
        make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
        focalLength: String? = nil, iso: Int? = nil, takenAt: Date? = nil
    ) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
        self.takenAt = takenAt
    }
}

/// What the header and metadata of an image say, read without decoding its pixels.
public struct ImageProbe: Sendable, Hashable {
    /// The detected container format.
    public var format: ImageFormat
    /// Width after applying the EXIF orientation.
    public var width: Int
    /// Height after applying the EXIF orientation.
    public var height: Int
    /// EXIF orientation, 1...8 (1 when absent).
    public var orientation: Int
    /// Camera and exposure details.
    public var exif: ExifSummary
    /// Where the photo was taken, when the file says.
    public var gps: GPSPosition?
    /// IPTC Keywords and XMP dc:subject, trimmed and deduplicated; empty when absent.
    public var keywords: [String]
    /// Size of the original in bytes.
    public var byteCount: Int

    /// Creates a probe value.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int, exif: ExifSummary,
        gps: GPSPosition?, keywords: [String], byteCount: Int
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.exif = exif
        self.gps = gps
        self.keywords = keywords
        self.byteCount = byteCount
    }
}

/// The result of ``Imaging/prepare(file:renditions:)``: everything an import needs from one decode.
public struct PreparedImage: Sendable {
    /// Header and metadata of the original.
    public var probe: ImageProbe
    /// One rendition per requested spec, in the order requested.
    public var renditions: [Rendition]
    /// A BlurHash placeholder (4×3 components for landscape, 3×4 for portrait).
    public var blurHash: String
    /// The dominant colour as `#rrggbb`, lowercase.
    public var dominantColor: String
    /// The original's ``Mezzanine``, when one was asked for and the original is larger than one.
    public var mezzanine: Rendition?

    /// Creates a prepared image value.
    public init(
        probe: ImageProbe, renditions: [Rendition], blurHash: String, dominantColor: String, mezzanine: Rendition? = nil
    ) {
        self.probe = probe
        self.renditions = renditions
        self.blurHash = blurHash
        self.dominantColor = dominantColor
        self.mezzanine = mezzanine
    }
}
