/// The format of a rendition; the raw value is the imgix `fm` parameter.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// Baseline-compatible progressive JPEG (`fm=jpg`).
    case jpeg = "jpg"
    /// PNG, palette-quantised when quality is below 100 (`fm=png`).
    case png
    /// Lossy WebP (`fm=webp`).
    case webp
    /// AVIF encoded at low effort so it stays fast (`fm=avif`).
    case avif

    /// The IANA media type, for `Content-Type`.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        }
    }

    /// The file name extension without the dot, for cached rendition files.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .avif: "avif"
        }
    }
}
