import Imaging
import Testing

@Suite("BlurHash")
struct BlurHashTests {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    static func decode83(_ text: Substring) -> Int {
        text.reduce(0) { $0 * 83 + (alphabet.firstIndex(of: $1) ?? 0) }
    }

    static func solid(_ red: UInt8, _ green: UInt8, _ blue: UInt8, width: Int = 8, height: Int = 6) -> [UInt8] {
        (0..<(width * height)).flatMap { _ in [red, green, blue] }
    }

    /// Expected values computed with the pure-Python reference package `blurhash` 1.1.5 (PyPI).
    @Test func solid_red_has_the_known_hash() {
        // act
        let hash = BlurHash.encode(rgb: Self.solid(255, 0, 0), width: 8, height: 6)

        // assert: size 4×3 = "L", DC 0xff0000 = "TI:j"; the reference basis cos(πix/w) leaves a little AC energy
        #expect(hash == "LsTI:j]9fQ]9|csUfQsUfQfQfQfQ")
    }

    /// Expected value computed with the pure-Python reference package `blurhash` 1.1.5 (PyPI).
    @Test func half_black_half_white_has_the_known_hash() {
        // setup
        let pixels = (0..<(16 * 16)).flatMap { index -> [UInt8] in
            index % 16 < 8 ? [0, 0, 0] : [255, 255, 255]
        }

        // act
        let hash = BlurHash.encode(rgb: pixels, width: 16, height: 16)

        // assert
        #expect(hash == "L~Lqe900IU?bt7WBayoffQfQfQfQ")
    }

    @Test(arguments: [(1, 1, 6), (4, 3, 28), (3, 4, 28), (9, 9, 166)])
    func length_follows_the_component_count(componentsX: Int, componentsY: Int, length: Int) {
        // setup
        let pixels = (0..<(16 * 16 * 3)).map { UInt8($0 % 251) }

        // act
        let hash = BlurHash.encode(
            rgb: pixels, width: 16, height: 16, componentsX: componentsX, componentsY: componentsY)

        // assert
        #expect(hash.count == length)
        #expect(hash.allSatisfy { Self.alphabet.contains($0) })
        #expect(Self.decode83(hash.prefix(1)) == (componentsX - 1) + (componentsY - 1) * 9)
    }

    @Test(arguments: [(UInt8(0), UInt8(0), UInt8(0)), (255, 255, 255), (18, 120, 200), (128, 128, 128)])
    func average_colour_decodes_back_from_the_dc_component(red: UInt8, green: UInt8, blue: UInt8) {
        // act
        let hash = BlurHash.encode(rgb: Self.solid(red, green, blue), width: 8, height: 6)
        let dc = Self.decode83(hash.dropFirst(2).prefix(4))

        // assert
        #expect(abs(dc >> 16 - Int(red)) <= 1)
        #expect(abs((dc >> 8) & 0xFF - Int(green)) <= 1)
        #expect(abs(dc & 0xFF - Int(blue)) <= 1)
    }

    @Test func empty_input_gives_an_empty_hash() {
        #expect(BlurHash.encode(rgb: [], width: 0, height: 0).isEmpty)
    }
}
