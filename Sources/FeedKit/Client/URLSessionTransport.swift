import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport over `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    public let session: URLSession

    /// - Parameter session: defaults to a session with a 30 s request timeout and no cookies, so that a web
    ///   sign-in in the same process never turns into credentials of API calls.
    public init(session: URLSession? = nil) {
        self.session = session ?? Self.defaultSession
    }

    static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.classify(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw FeedError.invalidResponse("The answer to \(request.url?.absoluteString ?? "a request") is not HTTP.")
        }
        return (data, http)
    }

    /// Network failures as the errors a UI shows; cancellation stays cancellation.
    static func classify(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        guard let urlError = error as? URLError else { return error }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            return FeedError.timedOut
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource, .badURL, .unsupportedURL:
            return FeedError.invalidResponse(urlError.localizedDescription)
        default:
            // Not connected, connection lost or refused, no such host, TLS failures: the network is the problem.
            return FeedError.offline
        }
    }
}
