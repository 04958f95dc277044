/// A photo's shape (`orientation`).
public enum PhotoOrientation: String, Sendable, CaseIterable {
    case landscape, portrait, squarish

    /// The shape of a `width` × `height` image: within 10 % of square counts as squarish.
    public init(width: Int, height: Int) {
        let ratio = Double(width) / Double(max(1, height))
        if ratio > 1.1 {
            self = .landscape
        } else if ratio < 1 / 1.1 {
            self = .portrait
        } else {
            self = .squarish
        }
    }
}
