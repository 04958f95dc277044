import Testing

@testable import FeedServer

@Suite("Languages: Accept-Language and the catalogues' messages")
struct AcceptLanguageTests {
    static let available: Set<String> = ["en", "ru", "ko", "ar"]

    @Test(arguments: [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),  // Chrome in Russian
        ("ko-KR,ko;q=0.9", "ko"),
        ("ar-EG", "ar"),  // a region: its language
        ("fr-FR,fr;q=0.9,ko;q=0.8,en;q=0.7", "ko"),  // the first the server speaks
        ("en;q=0.5, ru;q=0.8", "ru"),  // by weight, not order
        ("de, *;q=0.1", "en"),  // anything: the default
        ("ru;q=0, ko;q=0.2", "ko"),  // q=0 refuses
        ("RU", "ru"),  // case does not matter
        ("ru;q=2, ko", "ko"),  // a weight out of range is ignored
        ("zh-Hant-TW, ar;q=0.3", "ar"),
        ("", "en"),
        ("*", "en"),
        ("<script>, ar", "ar"),  // what is not a language range is skipped
    ])
    func the_first_language_asked_for_that_there_is_a_catalogue_of(header: String, expected: String) {
        #expect(AcceptLanguage.best(header, among: Self.available, fallback: "en") == expected)
    }

    @Test
    func no_header_is_the_default() {
        #expect(AcceptLanguage.best(nil, among: Self.available, fallback: "en") == "en")
    }

    @Test
    func equal_weights_keep_the_order_given_and_a_long_header_is_read_only_so_far() {
        // act
        let ordered = AcceptLanguage.ranges("ko;q=0.5, ar;q=0.5, ru;q=0.5")
        let long = Array(repeating: "de", count: 100).joined(separator: ",") + ",ru"

        // assert
        #expect(ordered == ["ko", "ar", "ru"])
        #expect(AcceptLanguage.ranges(long).count == AcceptLanguage.maximumEntries)
        #expect(AcceptLanguage.best(long, among: Self.available, fallback: "en") == "en")
    }

    @Test
    func a_message_takes_its_values_and_its_html_escapes_only_its_own_words() {
        // setup
        let text = PageText(code: "en", messages: ["m": "Tom & {who} said <{what}>, {nothing} {"], fallback: [:])

        // act
        let plain = text("m", ["who": "<b>Jo</b>", "what": "hi"])
        let html = text.html("m", ["who": "<b>Jo</b>", "what": "hi"])

        // assert: values as given, a placeholder with no value shows itself, a stray brace is text
        #expect(plain == "Tom & <b>Jo</b> said <hi>, {nothing} {")
        #expect(html == "Tom &amp; <b>Jo</b> said &lt;hi&gt;, {nothing} {")
    }

    @Test
    func a_missing_key_falls_back_to_english_then_to_itself() {
        let text = PageText(code: "ru", messages: ["a": "А"], fallback: ["a": "A", "b": "B"])
        #expect(text("a") == "А")
        #expect(text("b") == "B")
        #expect(text("c") == "c")
    }
}
