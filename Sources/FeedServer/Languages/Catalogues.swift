import Foundation

/// The languages the server's pages speak: one catalogue each, `i18n/<code>.json` in the web app's folder — the
/// files the web app reads, so a translator edits one file per language. They are read once, at start-up. The
/// catalogues of the languages the project ships are also compiled in (from the same files), so the pages speak
/// them in a server that serves no web app (the sign-in and consent pages of an API-only server, say).
public struct Catalogues: Sendable {
    /// Each language's words, by code.
    let languages: [String: PageText]

    /// The catalogues compiled into the server, by code; those that cannot be read are left out (a test reads
    /// each).
    static let compiled: [String: [String: String]] = [
        "en": PackageResources.en_json, "ru": PackageResources.ru_json, "ko": PackageResources.ko_json,
        "ar": PackageResources.ar_json,
    ].compactMapValues { try? messages(Data($0)) }
    /// English's compiled-in words.
    static let englishText = PageText(code: "en", messages: compiled["en"] ?? [:], fallback: [:])

    /// The compiled-in catalogues alone.
    public init() {
        self.init(Self.compiled)
    }

    /// The catalogues of the web app's folder `webDirectory` (its `i18n/` folder) over the compiled-in ones: an
    /// edited catalogue is read as it now is, a language added there is spoken. A file that is not a catalogue
    /// stops the start, naming it.
    public init(webDirectory: String?) throws {
        var read = Self.compiled
        if let webDirectory {
            let folder = (webDirectory as NSString).appendingPathComponent("i18n")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = (folder as NSString).appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                do {
                    read[String(name.dropLast(".json".count))] = try Self.messages(data)
                } catch {
                    throw CatalogueError(path: path)
                }
            }
        }
        self.init(read)
    }

    private init(_ catalogues: [String: [String: String]]) {
        let english = catalogues["en"] ?? [:]
        languages = Dictionary(
            uniqueKeysWithValues: catalogues.map { code, messages in
                (code, PageText(code: code, messages: messages, fallback: english))
            })
    }

    /// The codes of the languages there are catalogues of (`ar`, `en`, `ko`, `ru`).
    public var codes: [String] { languages.keys.sorted() }

    /// Whether there is a catalogue of `code`.
    public func speaks(_ code: String) -> Bool { languages[code] != nil }

    /// The words of a page for someone who chose `preference` (an account's language), else for what their
    /// browser asks for first (`Accept-Language`), else English.
    public func text(preference: String?, acceptLanguage: String?) -> PageText {
        if let preference, let chosen = languages[preference] { return chosen }
        let code = AcceptLanguage.best(acceptLanguage, among: Set(languages.keys), fallback: "en")
        return languages[code] ?? english
    }

    /// English's words.
    public var english: PageText { languages["en"] ?? Self.englishText }

    /// A catalogue's messages: each string, or of plural forms the `other` one.
    static func messages(_ data: Data) throws -> [String: String] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CatalogueError(path: "")
        }
        return object.compactMapValues { value in
            (value as? String) ?? ((value as? [String: Any])?["other"] as? String)
        }
    }
}

/// A file of the catalogues' folder that is not a catalogue (a JSON object of messages).
public struct CatalogueError: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is not a language catalogue (a JSON object of messages)." }
}
