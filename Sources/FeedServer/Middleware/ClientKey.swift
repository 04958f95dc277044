import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking

/// The client credential a request carries, as a rate-limit key: a bearer token (hashed, never stored as is),
/// a `Client-ID` header or `?client_id=`.
enum ClientKey {
    static func from(_ request: HTTPRequest) -> String? {
        if let authorization = request.headerFields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let scheme = parts[0].lowercased()
                return scheme == "bearer" ? "token:" + Secrets.hash(String(parts[1])) : scheme + ":" + parts[1]
            }
        }
        if let query = request.query, mentionsClientID(query), let clientID = QueryParameters(query)["client_id"] {
            return "client-id:" + clientID
        }
        return nil
    }

    /// Whether `query` has `client_id` in it, before it is worth parsing. Asked on every anonymous request, so it
    /// compares bytes: Foundation's `contains` goes through CFString, and the standard library's generic
    /// `firstRange(of:)` cost more than the rest of a cached answer's bookkeeping.
    static func mentionsClientID(_ query: String) -> Bool {
        var query = query
        return query.withUTF8 { bytes in
            let needle: StaticString = "client_id"
            let count = needle.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            return needle.withUTF8Buffer { needle in
                (0...(bytes.count - count)).contains { start in
                    bytes[start] == needle[0] && memcmp(bytes.baseAddress! + start, needle.baseAddress!, count) == 0
                }
            }
        }
    }
}
