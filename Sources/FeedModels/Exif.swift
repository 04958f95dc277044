import Foundation

/// Camera settings as Unsplash reports them: exposure, aperture and focal length are strings, ISO an integer.
public struct Exif: Codable, Sendable, Hashable {
    public var make: String?
    public var model: String?
    public var name: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(
        make: String?, model: String?, exposureTime: String?, aperture: String?, focalLength: String?, iso: Int?
    ) {
        self.make = make
        self.model = model
        self.name = [make, model].compactMap { $0 }.joined(separator: ", ").nilIfEmpty
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    enum CodingKeys: String, CodingKey {
        case make, model, name, aperture, iso
        case exposureTime = "exposure_time"
        case focalLength = "focal_length"
    }
}
