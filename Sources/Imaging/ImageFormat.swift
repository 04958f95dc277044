/// The container format of an original image, as detected from its bytes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (JFIF or EXIF).
    case jpeg
    /// PNG.
    case png
    /// WebP, lossy or lossless.
    case webp
    /// AVIF: HEIF with AV1 compression.
    case avif
    /// HEIF with HEVC compression (HEIC).
    case heif
    /// GIF; only the first frame is used.
    case gif
    /// TIFF.
    case tiff

    /// The usual file name extension, without the dot: `jpg` for JPEG, else the format's name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The file name extension of a format as stored (`ImageFormat`'s raw value); an unknown one as it is.
    public static func fileExtension(ofStored format: String) -> String {
        ImageFormat(rawValue: format)?.fileExtension ?? format
    }

    /// The IANA media type of the format.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heif: "image/heif"
        case .gif: "image/gif"
        case .tiff: "image/tiff"
        }
    }

    /// Maps a libvips loader class name (`VipsForeignLoadJpegFile`, `VipsForeignLoadPngBuffer`, …) to a format.
    ///
    /// Returns `nil` for every loader we do not accept, so PDF, SVG, ImageMagick, CSV, matrix and
    /// other exotic loaders are refused even when libvips recognises the bytes.
    init?(loaderName: String, heifCompression: String?) {
        let name = loaderName.lowercased()
        if name.hasPrefix("vipsforeignloadjpeg") {
            self = .jpeg
        } else if name.hasPrefix("vipsforeignloadpng") {
            self = .png
        } else if name.hasPrefix("vipsforeignloadwebp") {
            self = .webp
        } else if name.hasPrefix("vipsforeignloadheif") {
            self = heifCompression?.lowercased() == "av1" ? .avif : .heif
        } else if name.hasPrefix("vipsforeignloadnsgif") || name.hasPrefix("vipsforeignloadgif") {
            self = .gif
        } else if name.hasPrefix("vipsforeignloadtiff") {
            self = .tiff
        } else {
            return nil
        }
    }
}
