import Foundation

/// The `Link` header of a list answer (RFC 8288): `<url>; rel="next", <url>; rel="last"`.
enum LinkHeader {
    /// The URL of the link with relation `relation`, resolved against `base`.
    static func url(_ header: String?, relation: String, base: URL) -> URL? {
        guard let header else { return nil }
        for link in split(header) {
            guard let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">"), open < close else {
                continue
            }
            let parameters = link[link.index(after: close)...].split(separator: ";")
            let relations = parameters.compactMap { parameter -> [Substring]? in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    return nil
                }
                return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"")
                )
                .split(separator: " ")
            }.joined()
            if relations.contains(where: { $0.lowercased() == relation }) {
                return URL(string: String(link[link.index(after: open)..<close]), relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }

    /// The links of a header, split at the commas between them (not those inside `<…>` or quotes).
    private static func split(_ header: String) -> [Substring] {
        var links: [Substring] = []
        var start = header.startIndex
        var inURL = false
        var inQuotes = false
        for index in header.indices {
            switch header[index] {
            case "<" where !inQuotes: inURL = true
            case ">" where !inQuotes: inURL = false
            case "\"" where !inURL: inQuotes.toggle()
            case "," where !inURL && !inQuotes:
                links.append(header[start..<index])
                start = header.index(after: index)
            default: break
            }
        }
        links.append(header[start...])
        return links
    }
}
