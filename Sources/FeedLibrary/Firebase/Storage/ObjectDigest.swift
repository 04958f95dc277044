import Crypto
import Foundation

/// The MD5 and the CRC32C (Castagnoli) of bytes fed in pieces, as GCS reports an object's: each base64 of its
/// big-endian bytes.
public struct ObjectDigest: Sendable {
    private var md5 = Insecure.MD5()
    private var crc: UInt32 = 0xFFFF_FFFF
    public private(set) var size: Int64 = 0

    public init() {}

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = self.crc
        var count: Int64 = 0
        for byte in bytes {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            count += 1
        }
        self.crc = crc
        size += count
        md5.update(data: Array(bytes))
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = self.crc
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        self.crc = crc
        size += Int64(bytes.count)
        md5.update(bufferPointer: bytes)
    }

    /// The MD5, base64.
    public var md5Base64: String { Data(md5.finalize()).base64EncodedString() }

    /// The CRC32C, as a number.
    public var crc32c: UInt32 { crc ^ 0xFFFF_FFFF }

    /// The CRC32C, base64 of its four big-endian bytes.
    public var crc32cBase64: String {
        let value = crc32c
        return Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
            .base64EncodedString()
    }

    /// The digest of `bytes`.
    public static func of(_ bytes: some Sequence<UInt8>) -> ObjectDigest {
        var digest = ObjectDigest()
        digest.update(bytes)
        return digest
    }

    /// CRC32C's table for the reflected polynomial 0x82F63B78.
    public static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
        return value
    }
}
