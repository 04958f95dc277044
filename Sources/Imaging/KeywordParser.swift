import Foundation

/// Extracts keywords from the raw IPTC and XMP blobs libvips exposes as `iptc-data` and `xmp-data`.
enum KeywordParser {
    /// IPTC Keywords then XMP dc:subject, trimmed, without empties, deduplicated ignoring case.
    static func keywords(iptc: [UInt8]?, xmp: [UInt8]?) -> [String] {
        let all = (iptc.map(iptcKeywords) ?? []) + (xmp.map(xmpSubjects) ?? [])
        var seen = Set<String>()
        var result: [String] = []
        for keyword in all.map(\.trimmed) where !keyword.isEmpty {
            if seen.insert(keyword.lowercased()).inserted {
                result.append(keyword)
            }
        }
        return result
    }

    // MARK: IPTC

    /// Keywords (record 2, dataset 25) from an IIM stream, or from a Photoshop APP13 block holding one.
    static func iptcKeywords(_ blob: [UInt8]) -> [String] {
        let photoshopSignature = Array("Photoshop 3.0".utf8) + [0]
        if blob.starts(with: photoshopSignature) {
            return photoshopResources(blob, from: photoshopSignature.count)
                .filter { $0.id == 0x0404 }
                .flatMap { iimKeywords(Array(blob[$0.range])) }
        }
        if blob.starts(with: Array("8BIM".utf8)) {
            return photoshopResources(blob, from: 0)
                .filter { $0.id == 0x0404 }
                .flatMap { iimKeywords(Array(blob[$0.range])) }
        }
        return iimKeywords(blob)
    }

    /// The `8BIM` image resources of a Photoshop block: id and byte range of the payload.
    private static func photoshopResources(_ blob: [UInt8], from start: Int) -> [(id: Int, range: Range<Int>)] {
        var resources: [(id: Int, range: Range<Int>)] = []
        var index = start
        while index + 12 <= blob.count, blob[index..<index + 4].elementsEqual("8BIM".utf8) {
            let id = Int(blob[index + 4]) << 8 | Int(blob[index + 5])
            let nameLength = Int(blob[index + 6])
            var cursor = index + 6 + nameLength + 1
            if (nameLength + 1).isMultiple(of: 2) == false { cursor += 1 }
            guard cursor + 4 <= blob.count else { break }
            let size = blob[cursor..<cursor + 4].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard size >= 0, cursor + size <= blob.count else { break }
            resources.append((id, cursor..<cursor + size))
            index = cursor + size + (size.isMultiple(of: 2) ? 0 : 1)
        }
        return resources
    }

    /// Keywords from an IPTC IIM dataset stream; stops quietly at the first malformed dataset.
    private static func iimKeywords(_ data: [UInt8]) -> [String] {
        var keywords: [String] = []
        var isUTF8 = true
        var index = 0
        while index + 5 <= data.count {
            guard data[index] == 0x1C else {
                index += 1
                continue
            }
            let record = data[index + 1]
            let dataset = data[index + 2]
            var length = Int(data[index + 3]) << 8 | Int(data[index + 4])
            var cursor = index + 5
            if length & 0x8000 != 0 {
                let lengthBytes = length & 0x7FFF
                guard lengthBytes <= 4, cursor + lengthBytes <= data.count else { break }
                length = data[cursor..<cursor + lengthBytes].reduce(0) { $0 << 8 | Int($1) }
                cursor += lengthBytes
            }
            guard cursor + length <= data.count else { break }
            let value = Array(data[cursor..<cursor + length])
            if record == 1, dataset == 90 {
                isUTF8 = value == [0x1B, 0x25, 0x47]
            } else if record == 2, dataset == 25 {
                keywords.append(decode(value, preferUTF8: isUTF8))
            }
            index = cursor + length
        }
        return keywords
    }

    private static func decode(_ bytes: [UInt8], preferUTF8: Bool) -> String {
        if preferUTF8, let text = String(validating: bytes, as: UTF8.self) { return text }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    // MARK: XMP

    /// The `rdf:li` items inside every `dc:subject` of an XMP packet; tolerant of attributes and whitespace.
    static func xmpSubjects(_ blob: [UInt8]) -> [String] {
        let xml = String(decoding: blob, as: UTF8.self)
        var subjects: [String] = []
        var searchStart = xml.startIndex
        while let open = xml.range(of: "<dc:subject", range: searchStart..<xml.endIndex),
            let close = xml.range(of: "</dc:subject>", range: open.upperBound..<xml.endIndex)
        {
            subjects += listItems(xml[open.upperBound..<close.lowerBound])
            searchStart = close.upperBound
        }
        return subjects
    }

    private static func listItems(_ xml: Substring) -> [String] {
        var items: [String] = []
        var searchStart = xml.startIndex
        while let open = xml.range(of: "<rdf:li", range: searchStart..<xml.endIndex),
            let tagEnd = xml.range(of: ">", range: open.upperBound..<xml.endIndex)
        {
            if xml[..<tagEnd.lowerBound].hasSuffix("/") {
                searchStart = tagEnd.upperBound
                continue
            }
            guard let close = xml.range(of: "</rdf:li>", range: tagEnd.upperBound..<xml.endIndex) else { break }
            items.append(unescape(xml[tagEnd.upperBound..<close.lowerBound]))
            searchStart = close.upperBound
        }
        return items
    }

    /// Replaces the five XML entities and numeric character references.
    private static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"),
                rest.distance(from: ampersand, to: semicolon) <= 10
            else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            result += replacement(for: entity) ?? "&\(entity);"
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func replacement(for entity: Substring) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let isHex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            let digits = entity.dropFirst(isHex ? 2 : 1)
            guard entity.hasPrefix("#"), let code = UInt32(digits, radix: isHex ? 16 : 10),
                let scalar = Unicode.Scalar(code)
            else { return nil }
            return String(Character(scalar))
        }
    }
}
