import FeedModels
import Foundation

/// EXIF camera settings, in Unsplash's string forms.
public struct CameraSettings: Sendable, Hashable, Codable {
    public var make: String?
    public var model: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(
        make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
        focalLength: String? = nil, iso: Int? = nil
    ) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }
}
