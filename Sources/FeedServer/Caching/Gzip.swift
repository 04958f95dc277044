import CZlib
import Foundation
import NIOCore

/// gzip compression of response bodies (zlib, in memory).
enum Gzip {
    /// Bodies smaller than this are sent as they are: the gzip header and a round of CPU cost more than they save.
    static let minimumSize = 1024

    /// `bytes` as a gzip stream, or nil when zlib fails (the caller then sends the identity body).
    static func compress(_ bytes: ByteBuffer, level: Int32 = 6) -> ByteBuffer? {
        var stream = z_stream()
        guard czlib_gzip_init(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // One call: the output buffer is as large as deflate's worst case, so Z_FINISH always completes.
        let bound = Int(deflateBound(&stream, uLong(bytes.readableBytes))) + 32
        var output = ByteBuffer()
        var finished = false
        bytes.withUnsafeReadableBytes { source in
            _ = output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
                return finished ? Int(stream.total_out) : 0
            }
        }
        return finished ? output : nil
    }

    /// Whether a request's `Accept-Encoding` admits gzip (`gzip`, `x-gzip` or `*`, unless with `q=0`).
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, ["gzip", "x-gzip", "*"].contains(coding) else { continue }
            let quality =
                parts.dropFirst().lazy.compactMap { $0.hasPrefix("q=") ? Double($0.dropFirst(2)) : nil }
                .first ?? 1
            return quality > 0
        }
        return false
    }
}
