import Foundation

/// Encodes BlurHash placeholders (https://blurha.sh): a DCT of the image in linear light, packed in base 83.
public enum BlurHash {
    /// Encodes interleaved 8-bit sRGB pixels (3 bytes per pixel, row-major).
    ///
    /// - Parameters:
    ///   - rgb: `width × height × 3` bytes.
    ///   - componentsX: horizontal components, 1...9.
    ///   - componentsY: vertical components, 1...9.
    /// - Returns: the hash, `6 + 2 × (componentsX × componentsY − 1)` characters; "" for empty input.
    public static func encode(
        rgb: [UInt8], width: Int, height: Int, componentsX: Int = 4, componentsY: Int = 3
    ) -> String {
        guard width > 0, height > 0, rgb.count >= width * height * 3 else { return "" }
        let componentsX = min(max(componentsX, 1), 9)
        let componentsY = min(max(componentsY, 1), 9)
        let linear = rgb.prefix(width * height * 3).map { linearTable[Int($0)] }

        var factors: [(Double, Double, Double)] = []
        for j in 0..<componentsY {
            let columnsCos = (0..<height).map { cos(Double.pi * Double(j) * Double($0) / Double(height)) }
            for i in 0..<componentsX {
                let rowsCos = (0..<width).map { cos(Double.pi * Double(i) * Double($0) / Double(width)) }
                var (r, g, b) = (0.0, 0.0, 0.0)
                for y in 0..<height {
                    for x in 0..<width {
                        let basis = rowsCos[x] * columnsCos[y]
                        let offset = (y * width + x) * 3
                        r += basis * linear[offset]
                        g += basis * linear[offset + 1]
                        b += basis * linear[offset + 2]
                    }
                }
                let scale = (i == 0 && j == 0 ? 1.0 : 2.0) / Double(width * height)
                factors.append((r * scale, g * scale, b * scale))
            }
        }

        var hash = base83(componentsX - 1 + (componentsY - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        let maximumValue: Double
        if ac.isEmpty {
            maximumValue = 1
            hash += base83(0, length: 1)
        } else {
            let actualMaximum = ac.map { max(abs($0.0), abs($0.1), abs($0.2)) }.max() ?? 0
            let quantised = Int(max(0, min(82, (actualMaximum * 166 - 0.5).rounded(.down))))
            maximumValue = Double(quantised + 1) / 166
            hash += base83(quantised, length: 1)
        }
        let dc = factors[0]
        hash += base83(encodedSRGB(dc.0) << 16 | encodedSRGB(dc.1) << 8 | encodedSRGB(dc.2), length: 4)
        for factor in ac {
            let quantise = { (value: Double) -> Int in
                Int(max(0, min(18, (signedPow(value / maximumValue, 0.5) * 9 + 9.5).rounded(.down))))
            }
            hash += base83(quantise(factor.0) * 19 * 19 + quantise(factor.1) * 19 + quantise(factor.2), length: 2)
        }
        return hash
    }

    /// The 83 characters of BlurHash's base-83 alphabet, in order.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    static func base83(_ value: Int, length: Int) -> String {
        var result = ""
        for position in 1...length {
            var divisor = 1
            for _ in 0..<(length - position) { divisor *= 83 }
            result.append(alphabet[(value / divisor) % 83])
        }
        return result
    }

    /// sRGB byte → linear light, precomputed for all 256 values.
    static let linearTable: [Double] = (0..<256).map { byte in
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB byte.
    static func encodedSRGB(_ linear: Double) -> Int {
        let value = max(0, min(1, linear))
        let encoded = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return Int(encoded * 255 + 0.5)
    }

    private static func signedPow(_ value: Double, _ exponent: Double) -> Double {
        value < 0 ? -pow(-value, exponent) : pow(value, exponent)
    }
}
