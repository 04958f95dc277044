import FeedModels
import Foundation
import SQLKit

/// Free text turned into a safe full-text query: words of letters and digits only, each a prefix match, all
/// required. Nothing the user typed reaches the query syntax itself.
struct SearchText {
    let words: [String]

    init(_ text: String) {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = Array(words.prefix(16))
    }

    /// An FTS5 query: every word, each as a prefix.
    var sqliteMatch: String { words.map { "\"\($0)\"*" }.joined(separator: " ") }

    /// A `to_tsquery('simple', …)` query: every word, each as a prefix.
    var postgresQuery: String { words.map { "\($0):*" }.joined(separator: " & ") }

    /// The WHERE condition selecting photos `p` that match, or nil when the text has no words.
    func condition(kind: DatabaseKind) -> SQLQueryString? {
        guard !words.isEmpty else { return nil }
        switch kind {
        case .sqlite:
            return "p.rowid IN (SELECT rowid FROM photo_search WHERE photo_search MATCH \(bind: sqliteMatch))"
        case .postgres:
            return """
                p.id IN (SELECT photo_id FROM photo_search WHERE document @@ to_tsquery('simple', \(bind: postgresQuery)))
                """
        }
    }
}
