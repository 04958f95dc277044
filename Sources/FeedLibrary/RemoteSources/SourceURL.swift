import FeedKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLs of source requests.
enum SourceURL {
    /// `root` + `path` + the query, every value percent-encoded but for unreserved characters.
    static func make(_ root: URL, path: String, query: [(String, String)]) -> URL {
        var components = URLComponents(url: root, resolvingAgainstBaseURL: false)!
        let prefix =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + path
        components.percentEncodedQuery = Self.query(query)
        return components.url!
    }

    static func query(_ items: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return items.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }

    /// The start of an error body, for a message.
    static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(no body)" : text
    }
}
