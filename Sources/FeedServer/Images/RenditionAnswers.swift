import FeedLibrary
import HTTPTypes
import NIOCore

/// Answers to exact `/img` URLs whose rendition is cached, remembered whole — headers built, bytes shared with
/// ``RenditionMemory`` — so a repeated request for a thumbnail is one lookup by its URL rather than parsing its
/// parameters and building its path and headers again (most of what serving a cached thumbnail cost). Only URLs
/// whose answer depends on nothing but themselves are remembered (not `fm=auto`, which depends on `Accept`). Like
/// the memory, an answer is given only while its file exists, checked again once it is older than
/// `revalidateAfter`.
final class RenditionAnswers: Sendable {
    struct Answer: Sendable {
        /// The 200 answer's headers, `Content-Length` included.
        let headers: HTTPFields
        let etag: String
        let body: ByteBuffer
    }

    private let answers: RenditionFileCache<String, Answer>

    /// - Parameter budget: the bytes the remembered answers may hold. Each counts its body, which it shares with
    ///   ``RenditionMemory`` while both keep it, but which it alone keeps alive once the memory has let it go — so it
    ///   needs a byte bound of its own.
    init(
        limit: RenditionCacheLimit, budget: Int = 64 << 20, revalidateAfter: Duration = .seconds(1),
        clock: any MonotonicClock = SystemClock()
    ) {
        answers = RenditionFileCache(limit: limit, budget: budget, revalidateAfter: revalidateAfter, clock: clock)
    }

    /// The answer to `target` for a GET or HEAD with these headers, if one is remembered and its file still exists.
    func answer(_ target: String, method: HTTPRequest.Method, headers request: HTTPFields) -> ImmediateResponse? {
        guard let known = answers.value(for: target) else { return nil }
        if ETag.matches(request[.ifNoneMatch], known.etag) {
            var headers = known.headers
            headers[.contentLength] = nil
            headers[.contentType] = nil
            return ImmediateResponse(status: .notModified, headers: headers)
        }
        return ImmediateResponse(status: .ok, headers: known.headers, body: method == .head ? nil : known.body)
    }

    /// Forgets every answer whose file is under `folder` (a deleted photo's renditions), at once.
    func forget(under folder: String) {
        answers.forget(under: folder)
    }

    /// What an answer's URL key and built headers cost beyond its body, roughly.
    static let headerAllowance = 512

    /// Remembers `answer` — a 200 made from the rendition file at `path` — as the answer to `target`.
    func remember(_ target: String, path: String, _ answer: ImmediateResponse, body: ByteBuffer) {
        guard answer.status == .ok, let etag = answer.headers[.eTag] else { return }
        let size = body.readableBytes + target.utf8.count + Self.headerAllowance
        answers.insert(Answer(headers: answer.headers, etag: etag, body: body), path: path, size: size, for: target)
    }
}
