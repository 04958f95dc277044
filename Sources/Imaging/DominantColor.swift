import Foundation

/// Finds the dominant colour of a small image: the most populated colour bucket, averaged.
enum DominantColor {
    /// `#rrggbb`, lowercase; `#000000` for no pixels.
    static func hex(rgb: [UInt8]) -> String {
        let pixelCount = rgb.count / 3
        guard pixelCount > 0 else { return "#000000" }
        // 4 bits per channel: 4096 buckets, plenty for a 32-pixel image.
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 4096)
        for pixel in 0..<pixelCount {
            let (r, g, b) = (Int(rgb[pixel * 3]), Int(rgb[pixel * 3 + 1]), Int(rgb[pixel * 3 + 2]))
            let bucket = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
            counts[bucket] += 1
            sums[bucket].0 += r
            sums[bucket].1 += g
            sums[bucket].2 += b
        }
        let best = counts.indices.max { counts[$0] < counts[$1] } ?? 0
        let count = max(1, counts[best])
        let (r, g, b) = (sums[best].0 / count, sums[best].1 / count, sums[best].2 / count)
        return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
    }
}
