/// A colour filter of lists and searches (`color`), Unsplash's eleven names; every photo is given one, from its
/// dominant colour.
public enum PhotoColor: String, Sendable, CaseIterable {
    case blackAndWhite = "black_and_white"
    case black, white, yellow, orange, red, purple, magenta, green, teal, blue

    /// The name of the dominant colour `hex` (`#rrggbb`): greys by their lightness, other colours by their hue.
    /// Anything unreadable is black and white.
    public init(dominant hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = Int(digits, radix: 16) else {
            self = .blackAndWhite
            return
        }
        let red = Double((value >> 16) & 0xFF) / 255
        let green = Double((value >> 8) & 0xFF) / 255
        let blue = Double(value & 0xFF) / 255
        let maximum = max(red, green, blue)
        let minimum = min(red, green, blue)
        let saturation = maximum == 0 ? 0 : (maximum - minimum) / maximum
        if saturation < 0.15 {
            self = maximum < 0.2 ? .black : maximum > 0.85 ? .white : .blackAndWhite
            return
        }
        if maximum < 0.12 {
            self = .black
            return
        }
        let delta = maximum - minimum
        var hue: Double
        if maximum == red {
            hue = 60 * ((green - blue) / delta).truncatingRemainder(dividingBy: 6)
        } else if maximum == green {
            hue = 60 * ((blue - red) / delta + 2)
        } else {
            hue = 60 * ((red - green) / delta + 4)
        }
        if hue < 0 { hue += 360 }
        switch hue {
        case ..<15: self = .red
        case ..<45: self = .orange
        case ..<70: self = .yellow
        case ..<165: self = .green
        case ..<195: self = .teal
        case ..<255: self = .blue
        case ..<290: self = .purple
        case ..<345: self = .magenta
        default: self = .red
        }
    }
}
