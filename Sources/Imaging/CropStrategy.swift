/// Which part of the image `fit=crop` keeps.
public enum CropStrategy: String, Sendable, Hashable, CaseIterable {
    /// Keep the centre (`crop=center`).
    case centre = "center"
    /// Keep the region with the most detail (`crop=entropy`).
    case entropy
    /// Keep what draws the eye: skin tones, saturated colour, edges (`crop=attention`).
    case attention
}
