/// `Accept-Language` (RFC 9110 §12.5.4): which of the languages there are catalogues of a client asks for first.
enum AcceptLanguage {
    /// How many entries of a header are read: a browser sends a handful, and a longer header is not worth the work.
    static let maximumEntries = 32

    /// The language ranges of `header`, most wanted first (by `q`, then in the order given), lowercased, without
    /// those refused (`q=0`) and those whose weight is not a weight.
    static func ranges(_ header: String?) -> [String] {
        guard let header else { return [] }
        var weighted: [(range: String, weight: Double, order: Int)] = []
        for (order, entry) in header.split(separator: ",").prefix(maximumEntries).enumerated() {
            let fields = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = fields.first?.lowercased(), !range.isEmpty,
                range == "*" || range.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { continue }
            var weight = 1.0
            if let parameter = fields.dropFirst().first(where: { $0.lowercased().hasPrefix("q=") }) {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else { continue }
                weight = value
            }
            if weight > 0 { weighted.append((range, weight, order)) }
        }
        return weighted.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.map(\.range)
    }

    /// The first language of `available` (codes such as `ru`) that `header` asks for, by its language (`ru-RU` asks
    /// for `ru`; `*` for any: `fallback`), else `fallback`.
    static func best(_ header: String?, among available: Set<String>, fallback: String) -> String {
        for range in ranges(header) {
            if range == "*" { return fallback }
            if available.contains(range) { return range }
            let language = String(range.prefix { $0 != "-" })
            if available.contains(language) { return language }
        }
        return fallback
    }
}
