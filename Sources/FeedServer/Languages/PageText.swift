import Foundation

/// One language's words for the server's own pages (sign-in, sign-up, consent, codes, settings, share pages), from
/// its catalogue (`Web/i18n/<code>.json`, which the web app reads too). A message is a string with `{name}`
/// placeholders; the pages use no plural forms (their counts are written into their sentences), and of a message
/// that has some they take its `other` form.
public struct PageText: Sendable {
    /// The language's code (`en`, `ru`), as `<html lang>` and `Content-Language` say it.
    public let code: String
    /// `ltr` or `rtl`, as `<html dir>` says it.
    public let direction: String
    let messages: [String: String]
    /// English's messages, for a key this catalogue lacks (the tests see that none does).
    let fallback: [String: String]

    init(code: String, messages: [String: String], fallback: [String: String]) {
        self.code = code
        self.messages = messages
        self.fallback = fallback
        self.direction = messages["language.direction"] == "rtl" ? "rtl" : "ltr"
    }

    /// The message `key` as text, with `values` in its placeholders (for a title or an attribute: the page escapes
    /// it as a whole).
    public func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.parts(of: message(key)).map { part in
            switch part {
            case .text(let text): text
            case .placeholder(let name): values[name] ?? "{\(name)}"
            }
        }.joined()
    }

    /// The message `key` as HTML: its own words escaped, each placeholder replaced by the markup given for it (a link,
    /// a `<strong>` name) — which its caller has escaped. So a sentence with a link in it stays one message, its
    /// words in any order.
    public func html(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.parts(of: message(key)).map { part in
            switch part {
            case .text(let text): HTMLPage.escape(text)
            case .placeholder(let name): values[name] ?? HTMLPage.escape("{\(name)}")
            }
        }.joined()
    }

    /// A time from now in this language ("in 5 minutes", "через 5 минут", "5분 후"), as the web app's
    /// `Intl.RelativeTimeFormat` says it.
    public func fromNow(seconds: Int) -> String {
        Date.RelativeFormatStyle(
            presentation: .numeric, unitsStyle: .wide, locale: Locale(identifier: code),
            calendar: Calendar(identifier: .gregorian)
        ).format(Date(timeIntervalSinceNow: TimeInterval(seconds)))
    }

    /// People's own words inside a sentence of a page (a name, an app's name), escaped; in a right-to-left page
    /// isolated too (`<bdi>`), so that a name in Latin letters keeps its own direction and its neighbours theirs.
    public func isolated(_ words: String) -> String {
        direction == "rtl" ? "<bdi>\(HTMLPage.escape(words))</bdi>" : HTMLPage.escape(words)
    }

    func message(_ key: String) -> String {
        messages[key] ?? fallback[key] ?? key
    }

    enum Part: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// A message cut at its `{placeholders}` (a brace that opens no placeholder is text).
    static func parts(of message: String) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"),
                !after[..<close].isEmpty,
                after[..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                parts.append(.text(String(rest[...open])))
                rest = after
                continue
            }
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.placeholder(String(after[..<close])))
            rest = after[after.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return parts
    }
}
