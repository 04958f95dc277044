/// How a rendition fits the requested box, with imgix semantics.
public enum Fit: String, Sendable, Hashable, CaseIterable {
    /// Fit inside the box keeping the aspect ratio; never larger than the original.
    case clip
    /// Cover the box exactly, then crop the excess (see ``CropStrategy``).
    case crop
    /// Fit inside the box keeping the aspect ratio; never upscale.
    case max
    /// Fit inside the box, then pad to exactly the box with the background.
    case fill
}
