import Imaging
import Testing

@Suite("Rendition spec validation")
struct RenditionSpecTests {
    static let invalid: [RenditionSpec] = [
        RenditionSpec(),
        RenditionSpec(width: 0),
        RenditionSpec(height: -5),
        RenditionSpec(width: 8193),
        RenditionSpec(width: 5000, dpr: 2),
        RenditionSpec(height: 3000, dpr: 3),
        RenditionSpec(width: 100, quality: 0),
        RenditionSpec(width: 100, quality: 101),
        RenditionSpec(width: 100, dpr: 0.5),
        RenditionSpec(width: 100, dpr: 9),
        RenditionSpec(width: 100, dpr: .nan),
    ]

    @Test(arguments: invalid)
    func out_of_range_parameters_are_invalid(spec: RenditionSpec) {
        // act
        let error = #expect(throws: ImagingError.self) { try spec.validated() }

        // assert
        #expect(error?.isInvalidParameter == true)
    }

    @Test func messages_name_the_parameter_and_value() {
        #expect(throws: ImagingError.invalidParameter("Quality (q) must be between 1 and 100; got 0.")) {
            try RenditionSpec(width: 10, quality: 0).validated()
        }
        #expect(throws: ImagingError.invalidParameter("A rendition needs a width (w), a height (h) or both.")) {
            try RenditionSpec().validated()
        }
        #expect(
            throws: ImagingError.invalidParameter(
                "Width (w) × dpr must be between 1 and 8192 pixels; got 5000 × 2.0 = 10000.")
        ) {
            try RenditionSpec(width: 5000, dpr: 2).validated()
        }
    }

    @Test(arguments: [
        RenditionSpec(width: 1),
        RenditionSpec(height: 8192),
        RenditionSpec(width: 4096, height: 4096, fit: .crop, crop: .attention, quality: 100, format: .avif, dpr: 2),
        RenditionSpec(width: 1024, quality: 1, dpr: 8),
    ])
    func in_range_parameters_are_valid(spec: RenditionSpec) throws {
        #expect(try spec.validated() == spec)
    }

    @Test func invalid_spec_is_refused_by_render_before_reading_the_image() {
        // act / assert: the bytes are not even an image; the spec is checked first
        #expect(throws: ImagingError.invalidParameter("Quality (q) must be between 1 and 100; got 500.")) {
            try Imaging().render(data: [1, 2, 3], RenditionSpec(width: 10, quality: 500))
        }
    }

    @Test func url_parameter_values_map_to_cases() {
        #expect(OutputFormat(rawValue: "jpg") == .jpeg)
        #expect(CropStrategy(rawValue: "center") == .centre)
        #expect(Fit(rawValue: "fill") == .fill)
        #expect(OutputFormat.avif.mimeType == "image/avif")
        #expect(OutputFormat.jpeg.fileExtension == "jpg")
    }

    @Test func output_size_is_known_before_decoding() {
        // fill and crop make the box; the other fits scale into it and never enlarge
        #expect(
            RenditionSpec(width: 500, height: 400, fit: .fill).outputSize(fromWidth: 320, height: 240) == (500, 400))
        #expect(
            RenditionSpec(width: 200, height: 200, fit: .crop, dpr: 2).outputSize(fromWidth: 800, height: 600)
                == (400, 400))
        #expect(RenditionSpec(width: 160).outputSize(fromWidth: 320, height: 240) == (160, 120))
        #expect(RenditionSpec(height: 60, fit: .max).outputSize(fromWidth: 320, height: 240) == (80, 60))
        #expect(RenditionSpec(width: 8192, height: 8192).outputSize(fromWidth: 320, height: 240) == (320, 240))
    }
}
