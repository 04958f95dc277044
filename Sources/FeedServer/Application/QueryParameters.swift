import Foundation

/// A parsed query string: `+` is a space, percent escapes are decoded, and the first value of a repeated key wins.
///
/// Parsing is lenient on purpose: unsplash-js v6 sends raw spaces and commas.
struct QueryParameters: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(_ query: String?) {
        guard let query, !query.isEmpty else { return }
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            pairs.append((name, value))
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The query string again, with `name` set to `value` (added when missing), other parameters kept in order.
    func replacing(_ name: String, with value: String) -> String {
        var replaced = false
        var result: [(String, String)] = pairs.map { pair in
            if pair.name == name {
                replaced = true
                return (name, value)
            }
            return (pair.name, pair.value)
        }
        if !replaced { result.append((name, value)) }
        return result.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Typed readers for the parameters every list endpoint shares, each failing with a precise message.
extension QueryParameters {
    /// `page` (default 1; 0 reads as 1, as on Unsplash) and `per_page` (default 10, at most 30).
    func pagination(defaultSize: Int = 10, maxSize: Int = 30) throws(APIError) -> (page: Int, perPage: Int) {
        var page = 1
        if let raw = self["page"], !raw.isEmpty {
            guard let value = Int(raw), value >= 0 else {
                throw .badParameter("page must be a positive whole number; got \"\(raw)\".")
            }
            guard value <= 1_000_000 else { throw .badParameter("page must be at most 1000000; got \(raw).") }
            page = max(1, value)
        }
        var perPage = defaultSize
        if let raw = self["per_page"], !raw.isEmpty {
            guard let value = Int(raw), value >= 1 else {
                throw .badParameter("per_page must be a whole number from 1 to \(maxSize); got \"\(raw)\".")
            }
            perPage = min(value, maxSize)
        }
        return (page, perPage)
    }

    /// A parameter that must be one of an enumeration's raw values, or absent.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(APIError) -> T?
    where T.RawValue == String {
        guard let raw = self[name], !raw.isEmpty else { return nil }
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badParameter("\(name) must be one of \(allowed); got \"\(raw)\".")
        }
        return value
    }

    /// A comma-separated list, trimmed, without empty items.
    func list(_ name: String) -> [String] {
        (self[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
