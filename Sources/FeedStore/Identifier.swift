import Foundation
import Logging
import SQLKit

/// Random identifiers in Unsplash's style: 11 URL-safe characters.
public enum Identifier {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// A new random 11-character id.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<11).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// A URL slug from free text: lowercase ASCII words joined by dashes, at most 60 characters.
    public static func slug(from text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var slug = ""
        for word in words where slug.count + word.count + 1 <= 60 {
            slug += slug.isEmpty ? word : "-" + word
        }
        return slug
    }
}
