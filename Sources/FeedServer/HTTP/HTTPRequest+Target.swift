import HTTPTypes

extension HTTPRequest {
    /// The request target's path, without the query.
    var targetPath: Substring {
        let target = path ?? "/"
        return target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
    }

    /// The request target's query, without the `?`; nil when there is none.
    var query: String? {
        guard let target = path, let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }
}
