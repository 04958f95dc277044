import Foundation

/// The result of ``Imaging/prepare(file:renditions:)``: everything an import needs from one decode.
public struct PreparedImage: Sendable {
    /// Header and metadata of the original.
    public var probe: ImageProbe
    /// One rendition per requested spec, in the order requested.
    public var renditions: [Rendition]
    /// A BlurHash placeholder (4×3 components for landscape, 3×4 for portrait).
    public var blurHash: String
    /// The dominant colour as `#rrggbb`, lowercase.
    public var dominantColor: String
    /// The original's ``Mezzanine``, when one was asked for and the original is larger than one.
    public var mezzanine: Rendition?

    /// Creates a prepared image value.
    public init(
        probe: ImageProbe, renditions: [Rendition], blurHash: String, dominantColor: String, mezzanine: Rendition? = nil
    ) {
        self.probe = probe
        self.renditions = renditions
        self.blurHash = blurHash
        self.dominantColor = dominantColor
        self.mezzanine = mezzanine
    }
}
