/// Limits checked before an image is decoded.
public struct ImagingLimits: Sendable, Hashable {
    /// The largest pixel count (width × height in the header) accepted.
    public var maxPixels: Int
    /// The largest file or buffer size in bytes accepted.
    public var maxBytes: Int

    /// Creates limits; the defaults admit 100-megapixel, 200 MiB originals.
    public init(maxPixels: Int = 100_000_000, maxBytes: Int = 200 * 1024 * 1024) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }
}
