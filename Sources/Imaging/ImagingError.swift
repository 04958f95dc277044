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
    /// The image is truncated or damaged; carries libvips's message, for the log only (see ``logDetail``).
    case corrupt(String)
    /// A rendition parameter is out of range; carries a sentence saying which and why.
    case invalidParameter(String)
    /// Any other failure libvips reports, with the call that failed and its message (for the log only).
    case vips(call: String, message: String)

    /// A human sentence describing the error, fit for an API error body or an import summary.
    ///
    /// It never carries libvips's own text: libvips keeps one error buffer per process, so under concurrency that
    /// text can belong to another request and name its server paths (`…/tmp/upload-…: bad seek`). The sentence is
    /// made from what this call knows itself; ``logDetail`` adds libvips's text for the server's log.
    public var description: String {
        switch self {
        case .notAnImage:
            "The file is not an image in a supported format (JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF)."
        case .tooManyPixels(let width, let height, let limit):
            "The image is \(width)×\(height) pixels; the limit is \(limit) pixels."
        case .tooLarge(let bytes, let limit):
            "The file is \(bytes) bytes; the limit is \(limit) bytes."
        case .corrupt:
            "The image is damaged or truncated: its data ends early or does not decode."
        case .invalidParameter(let message):
            message
        case .vips(let call, _):
            "The image library could not process this image (\(call) failed)."
        }
    }

    /// ``description`` plus libvips's message where there is one: for the server's log, never for clients.
    public var logDetail: String {
        switch self {
        case .corrupt(let message), .vips(_, let message): "\(description) libvips: \(message)"
        default: description
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
