import Foundation

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
