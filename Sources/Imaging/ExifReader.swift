import Foundation

/// Reads the EXIF summary and GPS position from libvips's `exif-ifd*` fields.
struct ExifReader {
    let field: (String) -> ExifField?

    init(image: VipsImageHandle) {
        field = { name in image.string(name).map(ExifField.init) }
    }

    init(fields: [String: String]) {
        field = { name in fields[name].map(ExifField.init) }
    }

    var summary: ExifSummary {
        ExifSummary(
            make: text("exif-ifd0-Make"),
            model: text("exif-ifd0-Model"),
            exposureTime: exposureTime,
            aperture: decimal("exif-ifd2-FNumber"),
            focalLength: decimal("exif-ifd2-FocalLength"),
            iso: (field("exif-ifd2-ISOSpeedRatings") ?? field("exif-ifd2-PhotographicSensitivity"))?
                .numbers.first.map { Int($0) },
            takenAt: takenAt
        )
    }

    var gps: GPSPosition? {
        guard let latitude = degrees("exif-ifd3-GPSLatitude", reference: "exif-ifd3-GPSLatitudeRef", negative: "S"),
            let longitude = degrees("exif-ifd3-GPSLongitude", reference: "exif-ifd3-GPSLongitudeRef", negative: "W"),
            abs(latitude) <= 90, abs(longitude) <= 180, !(latitude == 0 && longitude == 0)
        else { return nil }
        return GPSPosition(latitude: latitude, longitude: longitude)
    }

    private func text(_ name: String) -> String? {
        guard let value = field(name)?.value.trimmingCharacters(in: .whitespaces.union(.controlCharacters)),
            !value.isEmpty
        else { return nil }
        return value
    }

    private func decimal(_ name: String) -> String? {
        guard let number = field(name)?.numbers.first, number.isFinite, number > 0 else { return nil }
        return String(format: "%.1f", number)
    }

    private var exposureTime: String? {
        guard let exposure = field("exif-ifd2-ExposureTime"), let seconds = exposure.numbers.first,
            seconds.isFinite, seconds > 0
        else { return nil }
        if seconds >= 1 {
            return seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
        }
        if let (numerator, denominator) = exposure.rational, numerator == 1 {
            return "1/\(denominator)"
        }
        return "1/\(Int((1 / seconds).rounded()))"
    }

    private var takenAt: Date? {
        let candidates = [
            ("exif-ifd2-DateTimeOriginal", "exif-ifd2-OffsetTimeOriginal"),
            ("exif-ifd0-DateTime", "exif-ifd2-OffsetTime"),
        ]
        for (dateField, offsetField) in candidates {
            guard let stamp = text(dateField) else { continue }
            if let date = Self.date(exif: stamp, offset: text(offsetField)) { return date }
        }
        return nil
    }

    /// Parses `"2021:05:01 12:34:56"` with an optional `"+02:00"` offset; UTC without one.
    static func date(exif stamp: String, offset: String?) -> Date? {
        let digits = stamp.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 6, digits[0] > 0, (1...12).contains(digits[1]), (1...31).contains(digits[2])
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (digits[0], digits[1], digits[2])
        (components.hour, components.minute, components.second) = (digits[3], digits[4], digits[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset.flatMap(Self.offsetSeconds) ?? 0) ?? .gmt
        return calendar.date(from: components)
    }

    private static func offsetSeconds(_ offset: String) -> Int? {
        let sign: Int
        switch offset.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let parts = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, parts[0] <= 14, parts[1] < 60 else { return nil }
        return sign * (parts[0] * 3600 + parts[1] * 60)
    }

    private func degrees(_ name: String, reference: String, negative: String) -> Double? {
        guard let parts = field(name)?.numbers, !parts.isEmpty, parts.allSatisfy(\.isFinite) else { return nil }
        let value = parts.enumerated().prefix(3).reduce(0.0) { sum, part in
            sum + part.element / pow(60, Double(part.offset))
        }
        let direction = field(reference)?.value.uppercased().first.map(String.init)
        return direction == negative ? -value : value
    }
}
