import Foundation

extension Fixtures {
    /// Interleaved RGB: a diagonal gradient tinted by the seed, with seeded 8×8-cell blocks on top.
    static func pixels(width: Int, height: Int, seed: Int) -> [UInt8] {
        var random = FixtureRandom(seed: UInt64(bitPattern: Int64(seed)))
        let cellsX = 8
        let cellsY = 8
        let cellColours = (0..<(cellsX * cellsY)).map { _ in
            (
                UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                UInt8(truncatingIfNeeded: random.next()), random.next() % 3 == 0
            )
        }
        let tint = UInt8(truncatingIfNeeded: random.next())
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let cellY = y * cellsY / height
            for x in 0..<width {
                let cell = cellColours[cellY * cellsX + x * cellsX / width]
                let offset = (y * width + x) * 3
                if cell.3 {
                    (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (cell.0, cell.1, cell.2)
                } else {
                    pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                    pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                    pixels[offset + 2] = tint
                }
            }
        }
        return pixels
    }

    /// Degrees as the EXIF triple "d/1 m/1 s·100/100".
    static func rationalDegrees(_ value: Double) -> String {
        let total = abs(value)
        let degrees = Int(total)
        let minutes = Int((total - Double(degrees)) * 60)
        let hundredthsOfSeconds = Int(((total - Double(degrees)) * 3600 - Double(minutes) * 60) * 100 + 0.5)
        return "\(degrees)/1 \(minutes)/1 \(hundredthsOfSeconds)/100"
    }

    /// A minimal XMP packet with the keywords in `dc:subject`.
    static func xmpPacket(keywords: [String]) -> [UInt8] {
        // The closure's type is spelled out: SQLKit (linked into this target) adds a `joined()` on its own
        // interpolated strings, which the literal below would otherwise be inferred as.
        let items = keywords.map { (keyword: String) -> String in
            let escaped = keyword.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            return "<rdf:li>\(escaped)</rdf:li>"
        }.joined(separator: "")
        return Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\
            <dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    /// Inserts a Photoshop APP13 segment holding IPTC Keywords (2:25, UTF-8) right after SOI.
    static func insertingIPTC(keywords: [String], into jpeg: [UInt8]) -> [UInt8] {
        var iim: [UInt8] = [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47]  // 1:90 coded character set = UTF-8
        for keyword in keywords {
            let bytes = Array(keyword.utf8.prefix(64))
            iim += [0x1C, 2, 25, UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
        }
        let size = iim.count
        var payload = Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
        payload += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        payload += iim
        if !size.isMultiple(of: 2) { payload.append(0) }
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xED, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }
}

/// A small deterministic generator (FixtureRandom), so fixtures repeat exactly for a seed.
struct FixtureRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
