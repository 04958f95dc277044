import FeedKit
import FeedStore
import Foundation

/// The services a library fills itself from, and what each needs.
public enum SourceKind: String, Sendable, CaseIterable {
    /// Unsplash: hotlinked, downloads tracked, credited with referral links.
    case unsplash
    /// Another ImageFeed server, through its Unsplash dialect: hotlinked.
    case imagefeed
    /// Pixabay: downloaded (its links expire, hotlinking is forbidden), answers cached 24 h.
    case pixabay
    /// Flickr: only photos whose licence allows it, hotlinked with a link to their page.
    case flickr

    /// The API root used when none is given.
    public var defaultAPIURL: String? {
        switch self {
        case .unsplash: "https://api.unsplash.com"
        case .pixabay: "https://pixabay.com"
        case .flickr: "https://api.flickr.com"
        case .imagefeed: nil
        }
    }

    /// The options each kind understands, with what they mean (the CLI's help and its checks read these).
    public var optionNames: [String] {
        switch self {
        case .unsplash, .imagefeed: ["topic", "collection", "user", "query", "limit", "app_name"]
        case .pixabay: ["query", "category", "min_width", "min_height", "editors_choice", "limit"]
        case .flickr: ["tags", "text", "lat", "lon", "radius", "user", "album", "licenses", "limit"]
        }
    }

    /// Problems with a source's options, in words; empty when it can be synced.
    public func problems(options: [String: String], credential: String, apiURL: String?) -> [String] {
        var problems: [String] = []
        if self != .imagefeed, credential.isEmpty {
            problems.append(
                self == .unsplash ? "An Unsplash source needs --access-key." : "A \(rawValue) source needs its API key."
            )
        }
        if let apiURL {
            if URL(string: apiURL)?.host == nil || !(apiURL.hasPrefix("http://") || apiURL.hasPrefix("https://")) {
                problems.append("--api-url must be an http(s) address; got \"\(apiURL)\".")
            }
        } else if defaultAPIURL == nil {
            problems.append("An ImageFeed source needs --api-url, the other server's address.")
        }
        let unknown = options.keys.filter { !optionNames.contains($0) }.sorted()
        if !unknown.isEmpty { problems.append("A \(rawValue) source takes no \(unknown.joined(separator: ", ")).") }
        if let limit = options["limit"], Int(limit).map({ $0 < 1 }) ?? true {
            problems.append("--limit must be a whole number of at least 1; got \"\(limit)\".")
        }
        switch self {
        case .unsplash, .imagefeed:
            let listings = ["topic", "collection", "user", "query"].filter { options[$0] != nil }
            if listings.count > 1 {
                problems.append(
                    "Give one of --topic, --collection, --user or --query (or none, for the editorial feed).")
            }
        case .pixabay:
            for name in ["min_width", "min_height"] {
                if let value = options[name], Int(value).map({ $0 < 0 }) ?? true {
                    problems.append(
                        "--\(name.replacingOccurrences(of: "_", with: "-")) must be a whole number; got \"\(value)\".")
                }
            }
        case .flickr:
            let geo = ["lat", "lon"].filter { options[$0] != nil }
            if geo.count == 1 { problems.append("--lat and --lon go together.") }
            for name in ["lat", "lon", "radius"] {
                if let value = options[name], Double(value) == nil {
                    problems.append("--\(name) must be a number; got \"\(value)\".")
                }
            }
            if let album = options["album"], options["user"] == nil, !album.isEmpty {
                problems.append("--album needs --user, the album's owner.")
            }
            if ["tags", "text", "lat", "user", "album"].allSatisfy({ options[$0] == nil }) {
                problems.append("A Flickr source needs --tags, --text, --lat/--lon, --user or --album.")
            }
            if let licenses = options["licenses"] {
                for item in licenses.split(separator: ",") where FlickrConnector.license(String(item)) == nil {
                    problems.append(
                        "\"\(item)\" is not a licence; use Flickr's numbers (0 to 10) or ids such as cc-by-2.0.")
                }
            }
        }
        return problems
    }
}
