internal import CVips
import Foundation

/// Everything that can go wrong while probing or rendering an image.
public enum ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image in a format we accept (text, PDF, SVG, unknown or blocked formats).
    case notAnImage
    /// The header declares more pixels than the limit; decided before any pixel is decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The file or buffer is larger than the byte limit; checked before anything is loaded.
    case tooLarge(bytes: Int, limit: Int)
    /// The image is truncated or damaged; carries libvips's message.
    case corrupt(String)
    /// A rendition parameter is out of range; carries a sentence saying which and why.
    case invalidParameter(String)
    /// Any other failure libvips reports, with the call that failed.
    case vips(call: String, message: String)

    /// A human sentence describing the error, fit for an API error body.
    public var description: String {
        switch self {
        case .notAnImage:
            "The file is not an image in a supported format (JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF)."
        case let .tooManyPixels(width, height, limit):
            "The image is \(width)×\(height) pixels; the limit is \(limit) pixels."
        case let .tooLarge(bytes, limit):
            "The file is \(bytes) bytes; the limit is \(limit) bytes."
        case let .corrupt(message):
            "The image is damaged or truncated: \(message)"
        case let .invalidParameter(message):
            message
        case let .vips(call, message):
            "The image library failed in \(call): \(message)"
        }
    }

    /// Takes libvips's pending error message (and clears it) for the named call.
    ///
    /// libvips keeps one error buffer per process, so under heavy concurrency a message can
    /// carry text from a neighbouring failure; the call name always says where this one failed.
    static func takeVipsMessage(call: String) -> String {
        let message: String
        if let buffer = vips_error_buffer() {
            message = String(cString: buffer)
        } else {
            message = ""
        }
        vips_error_clear()
        let trimmed = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        return trimmed.isEmpty ? "\(call) failed" : trimmed
    }

    /// A `.vips` error for `call` carrying libvips's pending message.
    static func failed(in call: String) -> ImagingError {
        .vips(call: call, message: takeVipsMessage(call: call))
    }

    /// A `.corrupt` error carrying libvips's pending message.
    static func damaged(in call: String) -> ImagingError {
        .corrupt(takeVipsMessage(call: call))
    }
}
