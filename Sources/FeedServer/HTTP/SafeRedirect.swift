import Foundation

/// Where the server may send a browser back to after a sign-in: a path on this site, nothing else.
enum SafeRedirect {
    /// The longest path accepted; a longer one is more likely an attack than a page.
    static let maximumLength = 2048

    /// `raw` when it is a same-origin path, else `nil`.
    ///
    /// Checked on the decoded value, as a browser will read it: browsers drop tabs and line breaks anywhere in a URL
    /// and read `\` as `/`, so `/\t/evil.example` and `/\evil.example` are both `//evil.example`, another host.
    /// Control characters, spaces and backslashes are therefore refused outright, and what is left must parse as a
    /// path with no scheme and no host.
    static func path(_ raw: String?) -> String? {
        guard let raw, raw.utf8.count <= maximumLength, raw.hasPrefix("/"), !raw.hasPrefix("//") else { return nil }
        let refused = raw.unicodeScalars.contains { scalar in
            scalar.value < 0x21 || scalar.value == 0x7F || scalar == "\\" || scalar.properties.isWhitespace
        }
        guard !refused, let components = URLComponents(string: raw), components.scheme == nil,
            components.host == nil, components.path.hasPrefix("/"), !components.path.hasPrefix("//")
        else { return nil }
        return raw
    }
}
