import Foundation

/// Storage object names: what GCS and Firebase accept, and the percent-encoded form URLs carry them in.
public enum ObjectName {
    /// The name whose percent-encoded form is `encoded` (a path segment such as `favs%2Fu1%2Fa.jpg`, or a query
    /// value), checked: valid UTF-8, 1 to 1,024 bytes, no carriage return, line feed or NUL, and no `.` or `..`
    /// segment (which would mean another name to a file system or a URL).
    public static func decode(_ encoded: String, plusIsSpace: Bool = false) throws(FirebaseStorageError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .invalidArgument("The object name has a malformed percent escape.")
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return try check(bytes)
    }

    /// `bytes` as a name, once checked (see ``decode(_:plusIsSpace:)``).
    public static func check(_ bytes: [UInt8]) throws(FirebaseStorageError) -> String {
        guard !bytes.isEmpty else { throw .invalidArgument("The object name is empty.") }
        guard bytes.count <= 1024 else {
            throw .invalidArgument(
                "The object name is \(bytes.count) bytes long; names are at most 1024 bytes of UTF-8.")
        }
        guard let name = String(validating: bytes, as: UTF8.self) else {
            throw .invalidArgument("The object name is not valid UTF-8.")
        }
        guard !bytes.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) else {
            throw .invalidArgument("The object name contains a line break or a NUL character.")
        }
        for segment in name.split(separator: "/", omittingEmptySubsequences: false)
        where segment == "." || segment == ".." {
            throw .invalidArgument("The object name contains a \(segment) segment.")
        }
        return name
    }

    /// `name` percent-encoded as one path segment (slashes too), as `getDownloadURL()` builds it.
    public static func encodeSegment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: unescaped) ?? name
    }

    /// What `encodeURIComponent` leaves as it is.
    private static let unescaped = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
