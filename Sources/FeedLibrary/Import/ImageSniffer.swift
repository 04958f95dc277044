import Foundation

/// Recognises image files by their first bytes, so a `.jpg` that is really text is skipped, and a photo without
/// an extension is not.
public enum ImageSniffer {
    public static func looksLikeImage(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(16))
        guard head.count >= 12 else { return false }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }  // JPEG
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return true }  // PNG
        if head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return true }
        if Array(head[4..<8]) == Array("ftyp".utf8) { return true }  // HEIF / AVIF
        return false
    }
}
