/// Maps a dominant colour to one of Unsplash's 11 colour filter names.
public enum ColorName {
    public static func classify(hex: String) -> String {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return "black_and_white" }
        let red = Double((value >> 16) & 0xFF) / 255
        let green = Double((value >> 8) & 0xFF) / 255
        let blue = Double(value & 0xFF) / 255
        let maximum = max(red, green, blue), minimum = min(red, green, blue)
        let saturation = maximum == 0 ? 0 : (maximum - minimum) / maximum
        if saturation < 0.15 {
            if maximum < 0.2 { return "black" }
            if maximum > 0.85 { return "white" }
            return "black_and_white"
        }
        if maximum < 0.12 { return "black" }
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
        case ..<15: return "red"
        case ..<45: return "orange"
        case ..<70: return "yellow"
        case ..<165: return "green"
        case ..<195: return "teal"
        case ..<255: return "blue"
        case ..<290: return "purple"
        case ..<345: return "magenta"
        default: return "red"
        }
    }
}
