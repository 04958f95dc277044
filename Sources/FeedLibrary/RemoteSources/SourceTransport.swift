import FeedKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP transport every connector reads through: it obeys rate limits — a 429 (or Unsplash's 403 "Rate Limit
/// Exceeded") waits for `Retry-After`, `X-RateLimit-Reset` or an exponential backoff and tries again, and an answer
/// saying no requests remain (`X-RateLimit-Remaining: 0`) holds the next request until the reset — and rides out a
/// passing failure (a 5xx, the network) the same way. Requests carry no secret in their logs: nothing here logs a
/// URL.
struct SourceTransport: HTTPTransport {
    let inner: any HTTPTransport
    let backoff: SourceBackoff
    /// Hears every wait, with why.
    let onWait: @Sendable (Duration, String) -> Void
    /// When the source said no request remains before the reset.
    private let notBefore = LockedInstant(nil)

    init(
        inner: any HTTPTransport = URLSessionTransport(), backoff: SourceBackoff,
        onWait: @escaping @Sendable (Duration, String) -> Void = { _, _ in }
    ) {
        self.inner = inner
        self.backoff = backoff
        self.onWait = onWait
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var attempt = 0
        while true {
            if let until = notBefore.get(), until > .now {
                let wait = until - .now
                onWait(wait, "the source's request budget is spent until its reset")
                try await Task.sleep(for: wait)
            }
            let answer: (Data, HTTPURLResponse)
            do {
                answer = try await inner.send(request)
            } catch let error as FeedError where error.isTransient {
                try await pause(attempt: &attempt, asked: nil, why: "the source is unreachable (\(error.message))")
                continue
            }
            let (data, response) = answer
            let status = response.statusCode
            let remaining = response.value(forHTTPHeaderField: "X-RateLimit-Remaining").flatMap { Int($0) }
            let reset = response.value(forHTTPHeaderField: "X-RateLimit-Reset").flatMap { Int($0) }
            let limited =
                status == 429
                || (status == 403
                    && (remaining == 0
                        || String(decoding: data.prefix(200), as: UTF8.self)
                            .lowercased().contains("rate limit")))
            if limited {
                let asked = Self.retryAfter(response) ?? reset.map { Duration.seconds(max(1, Self.resetSeconds($0))) }
                try await pause(attempt: &attempt, asked: asked, why: "the source is rate limiting (HTTP \(status))")
                continue
            }
            if status >= 500 {
                try await pause(attempt: &attempt, asked: nil, why: "the source failed (HTTP \(status))")
                continue
            }
            if remaining == 0, let reset {
                notBefore.set(.now + .seconds(Self.resetSeconds(reset)))
            }
            return (data, response)
        }
    }

    private func pause(attempt: inout Int, asked: Duration?, why: String) async throws {
        attempt += 1
        guard attempt < backoff.attempts else {
            throw SourceError("Gave up after \(backoff.attempts) tries: \(why).", endsSync: true)
        }
        let wait = backoff.wait(attempt: attempt - 1, asked: asked)
        guard wait <= backoff.longest else {
            throw SourceError(
                "The source asks to wait \(wait.components.seconds) s: \(why). The next sync resumes.", endsSync: true)
        }
        onWait(wait, why)
        try await Task.sleep(for: wait)
    }

    /// `X-RateLimit-Reset` is seconds until the reset (Pixabay) or, when it looks like one, a Unix time.
    static func resetSeconds(_ value: Int) -> Int {
        value > 1_000_000_000 ? max(0, value - Int(Date().timeIntervalSince1970)) : value
    }

    static func retryAfter(_ response: HTTPURLResponse) -> Duration? {
        response.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .map { .seconds(max(0, $0)) }
    }
}

extension HTTPTransport {
    /// GETs `url` and returns the body of a 2xx answer; anything else is a ``SourceError`` with the source's words.
    func get(_ url: URL, headers: [String: String] = [:], what: String) async throws -> Data {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw SourceError("\(what) answered HTTP \(response.statusCode): \(SourceURL.excerpt(data))")
        }
        return data
    }
}
