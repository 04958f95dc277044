/// An encoded rendition.
public struct Rendition: Sendable {
    /// The encoded bytes, without EXIF, GPS or other metadata.
    public var data: [UInt8]
    /// Pixel width of the encoded image.
    public var width: Int
    /// Pixel height of the encoded image.
    public var height: Int
    /// The encoding of ``data``.
    public var format: OutputFormat

    /// Creates a rendition value.
    public init(data: [UInt8], width: Int, height: Int, format: OutputFormat) {
        self.data = data
        self.width = width
        self.height = height
        self.format = format
    }
}
