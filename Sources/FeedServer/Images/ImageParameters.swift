import Imaging

/// Parses imgix-style parameters (`w h fit crop q fm dpr auto`) leniently, as Unsplash clients send them: unknown
/// parameters (`ixid`, `ixlib`, `cs`, …) are ignored, imgix values we do not implement map to the nearest we do,
/// and values out of range are rejected with a precise message.
enum ImageParameters {
    static let maxDimension = 8192

    static func parse(_ query: QueryParameters, accept: String?) throws(APIError) -> ImageRequest {
        let width = try dimension(query, "w")
        let height = try dimension(query, "h")
        let fitRaw = query["fit"]
        let formatRaw = query["fm"] ?? (query["auto"]?.contains("format") == true ? "auto" : nil)
        let qualityRaw = query["q"]
        // Validate every parameter first, so a bad value is a 400 even without a size.
        let fit = try fitValue(fitRaw)
        let crop = try cropValue(query["crop"])
        var quality = 80
        if let qualityRaw {
            guard let value = Int(qualityRaw), (1...100).contains(value) else {
                throw .badParameter("q must be a whole number from 1 to 100; got \"\(qualityRaw)\".")
            }
            quality = Self.normalisedQuality(value)
        }
        var dpr = 1.0
        if let raw = query["dpr"] {
            guard let value = Double(raw), value >= 1, value <= 8 else {
                throw .badParameter("dpr must be a number from 1 to 8; got \"\(raw)\".")
            }
            dpr = value
        }
        let (format, negotiated) = try formatValue(formatRaw, accept: accept)
        guard width != nil || height != nil || formatRaw != nil || qualityRaw != nil else { return .original }
        let scaledWidth = width.map { Int((Double($0) * dpr).rounded()) }
        let scaledHeight = height.map { Int((Double($0) * dpr).rounded()) }
        for (name, value) in [("w", scaledWidth), ("h", scaledHeight)] {
            if let value, value > maxDimension {
                throw .badParameter("\(name) × dpr must be at most \(maxDimension) pixels; got \(value).")
            }
        }
        let spec = RenditionSpec(
            width: scaledWidth, height: scaledHeight, fit: fit, crop: fit == .crop ? crop : .centre,
            quality: quality, format: format, dpr: 1
        )
        return .rendition(spec, negotiated: negotiated)
    }

    /// The quality rounded to the nearest multiple of 5 (at least 5): a step no eye tells apart, and 20 cached files
    /// per size at most instead of 100, so requests that differ only in `q` by a point or two share one file.
    static func normalisedQuality(_ value: Int) -> Int {
        max(5, Int((Double(value) / 5).rounded()) * 5)
    }

    static func dimension(_ query: QueryParameters, _ name: String) throws(APIError) -> Int? {
        guard let raw = query[name], !raw.isEmpty else { return nil }
        guard let value = Double(raw), value.isFinite, value >= 1, value <= Double(maxDimension) else {
            throw .badParameter("\(name) must be a number of pixels from 1 to \(maxDimension); got \"\(raw)\".")
        }
        return Int(value.rounded())
    }

    static func fitValue(_ raw: String?) throws(APIError) -> Fit {
        switch raw?.lowercased() {
        case nil, "", "clip", "max": return .max
        case "crop", "facearea", "min", "scale": return .crop
        case "fill", "fillmax", "clamp": return .fill
        case let other?:
            throw .badParameter("fit must be one of clip, crop, max, fill; got \"\(other)\".")
        }
    }

    static func cropValue(_ raw: String?) throws(APIError) -> CropStrategy {
        guard let raw, !raw.isEmpty else { return .entropy }
        for value in raw.lowercased().split(separator: ",") {
            switch value.trimmingCharacters(in: .whitespaces) {
            case "entropy": return .entropy
            case "attention", "faces", "edges", "focalpoint", "smart": return .attention
            case "center", "centre", "top", "bottom", "left", "right", "middle": return .centre
            default: continue
            }
        }
        throw .badParameter(
            "crop must be one of center, entropy, attention (or imgix's faces, edges, top, …); got \"\(raw)\".")
    }

    static func formatValue(_ raw: String?, accept: String?) throws(APIError) -> (OutputFormat, Bool) {
        switch raw?.lowercased() {
        case nil, "", "jpg", "jpeg", "pjpg": return (.jpeg, false)
        case "png": return (.png, false)
        case "webp": return (.webp, false)
        case "avif": return (.avif, false)
        case "auto":
            let accept = accept ?? ""
            if accept.contains("image/avif") { return (.avif, true) }
            if accept.contains("image/webp") { return (.webp, true) }
            return (.jpeg, true)
        case let other?:
            throw .badParameter("fm must be one of jpg, png, webp, avif, auto; got \"\(other)\".")
        }
    }
}
