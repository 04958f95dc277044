import Foundation

/// Sizes as people write them in flags and environment variables: `500MB`, `10G`, `1.5 GiB`, `4096`.
public enum ByteCount {
    /// The bytes `text` names, or nil when it names none. Units are powers of 1024 (a disk's GB and GiB differ by
    /// 7%, which no cache budget is that precise about); no unit means bytes.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        var unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        if unit.hasSuffix("IB") { unit.removeLast(2) } else if unit.hasSuffix("B") { unit.removeLast() }
        let shifts: [String: Int] = ["": 0, "K": 10, "M": 20, "G": 30, "T": 40]
        guard let value = Double(number), value >= 0, let shift = shifts[unit] else { return nil }
        let bytes = value * Double(1 << shift)
        return bytes < Double(Int.max) ? Int(bytes) : nil
    }
}
