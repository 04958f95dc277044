/// The parameters of one rendition, as given on an imgix-style URL.
public struct RenditionSpec: Sendable, Hashable {
    /// Logical width (`w`), multiplied by ``dpr``.
    public var width: Int?
    /// Logical height (`h`), multiplied by ``dpr``.
    public var height: Int?
    /// How the image fits the box (`fit`).
    public var fit: Fit
    /// Which part `fit=crop` keeps (`crop`).
    public var crop: CropStrategy
    /// Encoder quality 1...100 (`q`).
    public var quality: Int
    /// Output format (`fm`).
    public var format: OutputFormat
    /// Device pixel ratio 1...8 (`dpr`).
    public var dpr: Double

    /// The largest pixel width or height a rendition may have.
    public static let maximumDimension = 8192

    /// Creates a spec; call ``validated()`` before use.
    public init(
        width: Int? = nil, height: Int? = nil, fit: Fit = .clip, crop: CropStrategy = .centre,
        quality: Int = 80, format: OutputFormat = .jpeg, dpr: Double = 1
    ) {
        self.width = width
        self.height = height
        self.fit = fit
        self.crop = crop
        self.quality = quality
        self.format = format
        self.dpr = dpr
    }

    /// The width in pixels: ``width`` × ``dpr``, rounded.
    public var pixelWidth: Int? { width.map { Self.scaled($0, by: dpr) } }

    /// The height in pixels: ``height`` × ``dpr``, rounded.
    public var pixelHeight: Int? { height.map { Self.scaled($0, by: dpr) } }

    /// Returns the spec unchanged when every parameter is in range.
    ///
    /// - Throws: ``ImagingError/invalidParameter(_:)`` naming the first parameter out of range.
    public func validated() throws(ImagingError) -> RenditionSpec {
        guard dpr.isFinite, (1...8).contains(dpr) else {
            throw .invalidParameter("dpr must be between 1 and 8; got \(dpr).")
        }
        guard (1...100).contains(quality) else {
            throw .invalidParameter("Quality (q) must be between 1 and 100; got \(quality).")
        }
        guard width != nil || height != nil else {
            throw .invalidParameter("A rendition needs a width (w), a height (h) or both.")
        }
        let limit = Self.maximumDimension
        if let width, let pixels = pixelWidth, width < 1 || pixels > limit {
            throw .invalidParameter(
                "Width (w) × dpr must be between 1 and \(limit) pixels; got \(width) × \(dpr) = \(pixels).")
        }
        if let height, let pixels = pixelHeight, height < 1 || pixels > limit {
            throw .invalidParameter(
                "Height (h) × dpr must be between 1 and \(limit) pixels; got \(height) × \(dpr) = \(pixels).")
        }
        return self
    }

    private static func scaled(_ value: Int, by dpr: Double) -> Int {
        let scaled = (Double(value) * dpr).rounded()
        return scaled < Double(Int32.max) ? Int(scaled) : Int(Int32.max)
    }
}
