/// A request body that ended before its `Content-Length`: the client went away mid-request. Nobody reads the
/// answer; the request only must not be taken as complete.
struct BrokenBody: Error, Sendable {
    var received: Int64
    var declared: Int64
}
