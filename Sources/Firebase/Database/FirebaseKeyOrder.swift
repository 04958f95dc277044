/// Firebase's order of child keys: keys that read as 32-bit integers first, numerically (a shorter spelling of the
/// same number first: `7` < `007`), then every other key by UTF-16 code units, as JavaScript's `<` compares.
///
/// Mirrors `nameCompare`, `tryParseInt` and `INTEGER_REGEXP_` in firebase-js-sdk
/// `packages/database/src/core/util/util.ts`. One deliberate difference: where `nameCompare` calls two different
/// spellings equal (`-0` and `00`), this order breaks the tie by code units, so it is a total order and a sorted
/// map never confuses two keys.
public enum FirebaseKeyOrder {
    /// The 32-bit integer a key spells, as `tryParseInt` reads it (`^-?(0*)\d{1,10}$` within Int32), else nil.
    public static func integerValue(of key: String) -> Int32? {
        let utf8 = key.utf8
        guard let first = utf8.first else { return nil }
        var digits = utf8[...]
        if first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let significant = digits.drop(while: { $0 == 0x30 })
        guard significant.count <= 10 else { return nil }
        var value: Int64 = 0
        for digit in significant { value = value * 10 + Int64(digit - 0x30) }
        if first == UInt8(ascii: "-") { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    /// Negative, zero or positive as `a` sorts before, with, or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        let aInt = integerValue(of: a)
        let bInt = integerValue(of: b)
        switch (aInt, bInt) {
        case (let x?, let y?):
            if x != y { return x < y ? -1 : 1 }
            let lengths = a.utf16.count - b.utf16.count
            if lengths != 0 { return lengths < 0 ? -1 : 1 }
            return compareCodeUnits(a, b)
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil): return compareCodeUnits(a, b)
        }
    }

    /// True when `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// JavaScript's string comparison: UTF-16 code units, lexicographically (not Swift's canonical order).
    public static func compareCodeUnits(_ a: String, _ b: String) -> Int {
        var left = a.utf16.makeIterator()
        var right = b.utf16.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }
}
