import FeedModels
import FeedStore
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
        // Most names and values need no decoding; Foundation's replace and unescape cost more than the request.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(text) }
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

    /// The query without `name`.
    func removing(_ name: String) -> QueryParameters {
        var copy = self
        copy.pairs.removeAll { $0.name == name }
        return copy
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
    func page(defaultSize: Int = 10, maxSize: Int = 30) throws(APIError) -> PageRequest {
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
            if let value = Int(raw), value >= 1 {
                perPage = min(value, maxSize)
            } else if raw.allSatisfy({ $0.isASCII && $0.isNumber }), raw.contains(where: { $0 != "0" }) {
                perPage = maxSize  // digits past Int's range: a whole number above the most, lowered like the others
            } else {
                throw .badParameter(
                    "per_page must be a whole number of at least 1 (more than \(maxSize) reads as \(maxSize)); got \"\(raw)\"."
                )
            }
        }
        return PageRequest(number: page, size: perPage)
    }

    /// A boolean parameter, read as the API reads booleans everywhere (`true`/`false`, `1`/`0`, `on`/`off`,
    /// `yes`/`no`, any case); nil when absent or empty, a 400 for anything else.
    func flag(_ name: String) throws(APIError) -> Bool? {
        guard let raw = self[name], !raw.isEmpty else { return nil }
        guard let value = Bool(parameter: raw) else {
            throw .badParameter("\(name) must be true or false; got \"\(raw)\".")
        }
        return value
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

/// The photo filters shared by `/photos` and `/search/photos`.
extension QueryParameters {
    /// `lat`, `lon` and `radius` (km, default 10, at most 100): nil when no position is given.
    func geo() throws(APIError) -> GeoQuery? {
        // Each given part is checked against its range first, whether or not the others are there: a bad value is
        // named as such, not only as a missing partner.
        let latitudeRaw = self["lat"].flatMap { $0.isEmpty ? nil : $0 }
        let lngRaw = self["lng"].flatMap { $0.isEmpty ? nil : $0 }
        let longitudeRaw = self["lon"].flatMap { $0.isEmpty ? nil : $0 } ?? lngRaw
        let latitude = try latitudeRaw.map { raw throws(APIError) in
            guard let value = Double(raw), (-90...90).contains(value) else {
                throw .badParameter("lat must be a number from -90 to 90; got \"\(raw)\".")
            }
            return value
        }
        let longitude = try longitudeRaw.map { raw throws(APIError) in
            guard let value = Double(raw), (-180...180).contains(value) else {
                throw .badParameter("lon must be a number from -180 to 180; got \"\(raw)\".")
            }
            return value
        }
        // lng, the other name of lon, is checked even when lon is given too.
        if let lngRaw, Double(lngRaw).map({ (-180...180).contains($0) }) != true {
            throw .badParameter("lng must be a number from -180 to 180; got \"\(lngRaw)\".")
        }
        let radius = try self["radius"].flatMap { $0.isEmpty ? nil : $0 }.map { raw throws(APIError) in
            guard let value = Double(raw), value > 0, value <= 100 else {
                throw .badParameter("radius must be a number of kilometres above 0 and at most 100; got \"\(raw)\".")
            }
            return value
        }
        guard latitude != nil || longitude != nil else { return nil }
        guard let latitude, let longitude else { throw .badParameter("lat and lon must be given together.") }
        return GeoQuery(latitude: latitude, longitude: longitude, radiusKilometers: radius ?? 10)
    }

    /// `orientation`, `color`, `tags` and the position.
    func photoFilter() throws(APIError) -> PhotoFilter {
        var colorName: String?
        if let color = self["color"], !color.isEmpty {
            guard PhotoColor(rawValue: color) != nil else {
                let names = PhotoColor.allCases.map(\.rawValue).joined(separator: ", ")
                throw .badParameter("color must be one of \(names); got \"\(color)\".")
            }
            colorName = color
        }
        return PhotoFilter(
            orientation: try choice("orientation", as: PhotoOrientation.self), colorName: colorName, tags: list("tags"),
            near: try geo()
        )
    }
}

extension Bool {
    /// A boolean as the API reads them in queries, forms and bodies alike: `true`/`false` in any case (python's
    /// `str(bool)` is `True`), `1`/`0`, `on`/`off`, `yes`/`no`; nil for anything else.
    init?(parameter raw: String) {
        switch raw.lowercased() {
        case "true", "1", "on", "yes": self = true
        case "false", "0", "off", "no": self = false
        default: return nil
        }
    }
}
