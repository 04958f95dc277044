import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong with a call, in the terms a UI acts on. Every case that came from the server carries its message
/// (the first of `{"errors": [...]}`).
public enum FeedError: Error, Sendable, Hashable {
    /// 401: the token is missing, invalid or revoked. Sign in again.
    case unauthorized(message: String)
    /// 403: the token lacks a scope the call needs, or the thing is someone else's.
    case forbidden(message: String)
    /// 404: no such photo, person, album or topic.
    case notFound(message: String)
    /// 429 (or Unsplash's 403 `Rate Limit Exceeded`): wait `retryAfter` (when the server said) and try again.
    case rateLimited(retryAfter: Duration?, message: String)
    /// Another 4xx: the request itself was refused (400 bad parameter, 409 conflict, 413, 415, 422 validation).
    case rejected(status: Int, messages: [String])
    /// A sign-in step was refused (`invalid_grant`, `invalid_client`, `access_denied`, …), with the server's
    /// description.
    case authorization(code: String, message: String)
    /// 5xx: the server failed; try again later.
    case server(status: Int, message: String)
    /// The network is unreachable or the connection failed.
    case offline
    /// The server did not answer in time.
    case timedOut
    /// The answer could not be read (not JSON where JSON was expected, a missing field).
    case invalidResponse(String)

    /// The server's messages, or a sentence for the failures that have none.
    public var messages: [String] {
        switch self {
        case .unauthorized(let message), .forbidden(let message), .notFound(let message),
            .rateLimited(_, let message), .authorization(_, let message), .server(_, let message),
            .invalidResponse(let message):
            [message]
        case .rejected(_, let messages): messages
        case .offline: ["The network is unreachable."]
        case .timedOut: ["The server did not answer in time."]
        }
    }

    /// The first message, to show as it is.
    public var message: String { messages.first ?? "" }

    /// Whether trying the same call again later can succeed without the user changing anything.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .server, .offline, .timedOut: true
        default: false
        }
    }

    /// Whether the user has to sign in (again) before the call can succeed.
    public var needsSignIn: Bool {
        if case .unauthorized = self { return true }
        return false
    }
}

extension FeedError: LocalizedError {
    public var errorDescription: String? { message }
}

extension FeedError {
    /// The error an HTTP answer stands for, or `nil` for a success (2xx or 3xx).
    ///
    /// Reads `{"errors": [...]}` (this server and Unsplash), an OAuth error object, or a plain-text body, and knows
    /// Unsplash's rate-limit answer: 403 with the text `Rate Limit Exceeded`.
    static func from(_ response: HTTPURLResponse, body: Data) -> FeedError? {
        let status = response.statusCode
        guard status >= 400 else { return nil }
        let messages = serverMessages(body) ?? [HTTPURLResponse.localizedString(forStatusCode: status).capitalized]
        let message = messages[0]
        let remaining = response.value(forHTTPHeaderField: "X-Ratelimit-Remaining").flatMap { Int($0) }
        switch status {
        case 401: return .unauthorized(message: message)
        case 429: return .rateLimited(retryAfter: retryAfter(response), message: message)
        case 403 where message.lowercased().contains("rate limit") || remaining == 0:
            return .rateLimited(retryAfter: retryAfter(response), message: message)
        case 403: return .forbidden(message: message)
        case 404: return .notFound(message: message)
        case 500...: return .server(status: status, message: message)
        default: return .rejected(status: status, messages: messages)
        }
    }

    /// `Retry-After` in seconds (the HTTP-date form is read too).
    static func retryAfter(_ response: HTTPURLResponse) -> Duration? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces)
        else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSinceNow.rounded(.up))))
    }

    /// The messages of an error body: `{"errors": [...]}`, `{"error_description": …}`, or short plain text.
    static func serverMessages(_ body: Data) -> [String]? {
        let decoder = JSONDecoder()
        if let errors = try? decoder.decode(ErrorBody.self, from: body), !errors.errors.isEmpty {
            return errors.errors
        }
        if let oauth = try? decoder.decode(OAuthErrorBody.self, from: body) {
            return [oauth.errorDescription]
        }
        guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty, text.count <= 500, !text.hasPrefix("<")
        else { return nil }
        return [text]
    }
}
