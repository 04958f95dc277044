import Foundation

/// One EXIF field as libvips formats it: `"<value> (<human>, <Format>, <n> components, <m> bytes)"`.
struct ExifField: Equatable {
    /// The raw value: ASCII text, or space-separated numbers and `n/d` rationals.
    var value: String
    /// libexif's human-readable rendering.
    var human: String
    /// The EXIF format name (`ASCII`, `Short`, `Rational`, …).
    var format: String

    init(value: String, human: String, format: String) {
        self.value = value
        self.human = human
        self.format = format
    }

    /// Parses libvips's string; a string without the suffix is taken as a bare value.
    init(_ text: String) {
        guard text.hasSuffix(" bytes)"),
            let components = text.range(of: " components, ", options: .backwards),
            let formatComma = text[..<components.lowerBound].range(of: ", ", options: .backwards)
        else {
            self.init(value: text.trimmed, human: text.trimmed, format: "")
            return
        }
        let format = String(text[formatComma.upperBound..<components.lowerBound])
        let head = text[..<formatComma.lowerBound]  // "<value> (<human>"
        // ASCII values print twice, so "X (X" splits in the middle even when X holds " (".
        if format == "ASCII", (head.count - 2).isMultiple(of: 2) {
            let half = (head.count - 2) / 2
            let value = head.prefix(half)
            let human = head.suffix(half)
            if value == human, head.dropFirst(half).hasPrefix(" (") {
                self.init(value: String(value).trimmed, human: String(human).trimmed, format: format)
                return
            }
        }
        guard let open = head.range(of: " (") else {
            self.init(value: String(head).trimmed, human: String(head).trimmed, format: format)
            return
        }
        self.init(
            value: String(head[..<open.lowerBound]).trimmed,
            human: String(head[open.upperBound...]).trimmed, format: format)
    }

    /// The rational or integer numbers in the value, in order.
    var numbers: [Double] {
        value.split(separator: " ").compactMap { part -> Double? in
            let pieces = part.split(separator: "/", omittingEmptySubsequences: false)
            if pieces.count == 2, let numerator = Double(pieces[0]), let denominator = Double(pieces[1]) {
                return denominator == 0 ? nil : numerator / denominator
            }
            return pieces.count == 1 ? Double(pieces[0]) : nil
        }
    }

    /// The first `n/d` rational of the value as its two integers.
    var rational: (numerator: Int, denominator: Int)? {
        guard let first = value.split(separator: " ").first else { return nil }
        let pieces = first.split(separator: "/")
        guard pieces.count == 2, let numerator = Int(pieces[0]), let denominator = Int(pieces[1]),
            denominator != 0
        else { return nil }
        return (numerator, denominator)
    }
}
