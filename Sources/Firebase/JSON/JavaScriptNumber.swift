/// JavaScript's `Number.prototype.toString` for finite doubles, which is what a Firebase client prints and expects:
/// integers without a fraction, the shortest digits that round-trip, exponents from 1e21 up and below 1e-6.
public enum JavaScriptNumber {
    /// The JavaScript text of `value` (finite; `-0` prints as `0`).
    public static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e21 {
            if abs(value) < 9.2e18 { return String(Int64(value)) }
        }
        // Swift's description gives the shortest round-trip digits; only the layout differs from JavaScript's.
        let (negative, digits, exponent) = decompose(value)
        let k = digits.count
        let n = exponent
        var text = negative ? "-" : ""
        if k <= n && n <= 21 {
            text += digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            text += String(digits.prefix(n)) + "." + String(digits.dropFirst(n))
        } else if -6 < n && n <= 0 {
            text += "0." + String(repeating: "0", count: -n) + digits
        } else {
            let e = n - 1
            text += String(digits.prefix(1))
            if k > 1 { text += "." + String(digits.dropFirst()) }
            text += "e" + (e >= 0 ? "+" : "-") + String(abs(e))
        }
        return text
    }

    /// Sign, significant digits and the exponent `n` with value = 0.digits × 10^n.
    private static func decompose(_ value: Double) -> (Bool, String, Int) {
        let description = abs(value).description
        var mantissa = Substring(description)
        var exponent = 0
        if let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = description[..<e]
            exponent = Int(description[description.index(after: e)...]) ?? 0
        }
        var integerPart = mantissa
        var fraction: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fraction = mantissa[mantissa.index(after: dot)...]
        }
        var digits = String(integerPart) + fraction
        var pointPosition = integerPart.count + exponent
        while digits.hasPrefix("0") && digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        return (value < 0, digits, pointPosition)
    }
}
