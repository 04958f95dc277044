import Foundation

/// Conditional-request helpers shared by every route that sends an `ETag`.
enum ETag {
    /// Whether an `If-None-Match` header names `etag` (or is `*`). Weak comparison, as RFC 9110 asks for
    /// `If-None-Match`: `W/"x"` matches `"x"`.
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        let wanted = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == wanted
        }
    }
}
