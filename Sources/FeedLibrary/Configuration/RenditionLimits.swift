import Foundation
import Imaging

/// How large a rendition may be, in output pixels.
public struct RenditionLimits: Sendable, Hashable {
    /// Any format: 40 MP by default (8K is 33 MP).
    public var maxPixels = 40_000_000
    /// AVIF, whose encoder costs about 0.18 s per megapixel even at low effort: 4 MP by default (2560 × 1600).
    public var maxAVIFPixels = 4_000_000
    /// Renditions not in the cache yet that one address may have made per hour (cached ones are not counted): a
    /// person scrolling asks for a few sizes per photo; a script asking for every size of every photo is stopped.
    public var newPerHour = 1200
    /// Renders at once, each on a thread of the renditions' own pool; nil for one per core.
    public var threads: Int?
    /// Renders that may wait for a thread; the next is a 503 with `Retry-After`. nil for eight per thread.
    public var maxWaiting: Int?
    /// The most bytes the rendition cache on disk may take before the least recently used renditions are removed
    /// (they are made again when asked for); nil for no bound. 10 GiB by default: about 50,000 photos' feed sizes.
    public var cacheBytes: Int? = 10 << 30
    /// How often the cache is measured even when this process wrote nothing: other processes write to it too.
    public var cacheSweepInterval: Duration = .seconds(600)

    public init(maxPixels: Int = 40_000_000, maxAVIFPixels: Int = 4_000_000, newPerHour: Int = 1200) {
        self.maxPixels = maxPixels
        self.maxAVIFPixels = maxAVIFPixels
        self.newPerHour = newPerHour
    }

    /// Why a rendition of `size` in `format` is refused, or nil when it is within the limits.
    public func refusal(_ size: (width: Int, height: Int), format: OutputFormat) -> String? {
        let pixels = size.width * size.height
        func megapixels(_ value: Int) -> String { String(format: "%.1f MP", Double(value) / 1_000_000) }
        let described = "\(size.width) × \(size.height) pixels (\(megapixels(pixels)))"
        if pixels > maxPixels {
            return
                "This rendition would be \(described); the limit is \(megapixels(maxPixels)). Ask for a smaller w, h or dpr."
        }
        if format == .avif, pixels > maxAVIFPixels {
            return "An AVIF rendition would be \(described); AVIF is limited to \(megapixels(maxAVIFPixels)). "
                + "Ask for a smaller size, or fm=webp or fm=jpg."
        }
        return nil
    }
}
