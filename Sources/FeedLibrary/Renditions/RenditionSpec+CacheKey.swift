import Imaging

extension RenditionSpec {
    /// The cache file name of a normalised spec: `400xauto-max-center-q80.jpg`. Inlinable: the server builds it for
    /// every cached thumbnail it serves.
    @inlinable public var cacheKey: String {
        let width = width.map(String.init) ?? "auto"
        let height = height.map(String.init) ?? "auto"
        return "\(width)x\(height)-\(fit.rawValue)-\(crop.rawValue)-q\(quality).\(format.fileExtension)"
    }
}
