import Foundation

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
