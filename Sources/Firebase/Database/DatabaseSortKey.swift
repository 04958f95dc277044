/// A byte string whose bytewise order is Firebase's order of children under an index, for a store to keep in an
/// indexed column (SQLite `BLOB`, PostgreSQL `bytea`; both compare bytes with memcmp) so that an `orderByChild`,
/// `orderByValue` or `orderByPriority` query with bounds and a limit is an index range scan, not a read of every
/// child.
///
/// How a store should index: for each child of a location under an `.indexOn` path, keep a row
/// `(location, index name, sort key, child key)` where the sort key is ``encode(_:key:)`` of the index's
/// ``DatabaseIndex/sortValue(of:)`` for that child and its key. `orderByKey` needs only ``encode(key:)``. A
/// query's window is then `sort key >= lowerBound AND sort key <= upperBound` (from ``range(of:)``) ordered by sort
/// key, `LIMIT n` (descending for `limitToLast`). A write updates the rows of every changed child.
///
/// The layout, every part self-delimiting so concatenation keeps the order:
/// - one byte of type rank: `0x10` null, `0x20` false, `0x30` true, `0x40` number, `0x50` string, `0x60` object;
/// - a number: 8 bytes, the IEEE 754 bits with the sign bit flipped for positives and all bits flipped for
///   negatives (`-0` taken as `0`), so byte order is numeric order;
/// - a string: its UTF-16 code units big-endian (JavaScript's order), each `0x00` byte written `0x00 0xFF`, ended
///   by `0x00 0x01`;
/// - the key: `0x01` + the 32-bit integer biased by 2^31 (4 bytes) + its UTF-16 length (4 bytes) + its string
///   encoding for integer-like keys, or `0x02` + its string encoding for the others (``FirebaseKeyOrder``).
///
/// Bounds use `0x00` (before every key) and `0xFF` (after every key) in place of the key part.
public enum DatabaseSortKey {
    /// The sort key of a child whose index value is `value`, under `key`.
    public static func encode(_ value: DatabaseNode, key: String) -> [UInt8] {
        var bytes = encode(value: value)
        appendKey(key, to: &bytes)
        return bytes
    }

    /// The sort key of a child under the key index.
    public static func encode(key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendKey(key, to: &bytes)
        return bytes
    }

    /// The value part alone (type rank and value).
    public static func encode(value: DatabaseNode) -> [UInt8] {
        var bytes: [UInt8] = []
        switch value.value {
        case .null: bytes.append(0x10)
        case .bool(let flag): bytes.append(flag ? 0x30 : 0x20)
        case .number(let number):
            bytes.append(0x40)
            appendNumber(number, to: &bytes)
        case .string(let string):
            bytes.append(0x50)
            appendString(string, to: &bytes)
        case .children: bytes.append(0x60)
        }
        return bytes
    }

    /// One end of a range of sort keys: `sort_key >= bytes` (or `>` when not inclusive) for a start,
    /// `<=` (or `<`) for an end.
    public struct RangeEnd: Sendable, Hashable {
        /// The bytes to compare with.
        public var bytes: [UInt8]
        /// Whether a sort key equal to `bytes` is in.
        public var inclusive: Bool
    }

    /// The range of sort keys a query's bounds admit (nil for an open end).
    public static func range(of query: DatabaseQuery) -> (lower: RangeEnd?, upper: RangeEnd?) {
        (
            query.start.map { boundEnd($0, index: query.index, isStart: true) },
            query.end.map { boundEnd($0, index: query.index, isStart: false) }
        )
    }

    private static func boundEnd(_ bound: DatabaseQuery.Bound, index: DatabaseIndex, isStart: Bool) -> RangeEnd {
        if index == .key {
            guard case .string(let key) = bound.value.value else {
                return RangeEnd(bytes: isStart ? [0x00] : [0xFF], inclusive: true)
            }
            return RangeEnd(bytes: encode(key: key), inclusive: bound.inclusive)
        }
        var bytes = encode(value: bound.value)
        switch bound.key {
        // No real key part starts with 0x00 or 0xFF, so these sit before and after every key of that value.
        case .min: bytes.append(0x00)
        case .max: bytes.append(0xFF)
        case .name(let key): appendKey(key, to: &bytes)
        }
        return RangeEnd(bytes: bytes, inclusive: bound.inclusive)
    }

    static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        let bits = (number == 0 ? 0.0 : number).bitPattern
        let ordered = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: ordered >> shift)) }
    }

    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        for unit in string.utf16 {
            for byte in [UInt8(unit >> 8), UInt8(unit & 0xFF)] {
                if byte == 0 {
                    bytes.append(contentsOf: [0x00, 0xFF])
                } else {
                    bytes.append(byte)
                }
            }
        }
        bytes.append(contentsOf: [0x00, 0x01])
    }

    static func appendKey(_ key: String, to bytes: inout [UInt8]) {
        if let integer = FirebaseKeyOrder.integerValue(of: key) {
            bytes.append(0x01)
            let biased = UInt32(bitPattern: integer) ^ 0x8000_0000
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: biased >> shift))
            }
            // Leading zeros make integer keys of any length (`000…07`), so the length takes four bytes.
            let length = UInt32(clamping: key.utf16.count)
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> shift))
            }
        } else {
            bytes.append(0x02)
        }
        appendString(key, to: &bytes)
    }

    /// Lower-case hex of `encode(…)`, for a `TEXT` column: hex digits keep byte order under a binary collation
    /// (SQLite's default; PostgreSQL needs `COLLATE "C"`).
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
