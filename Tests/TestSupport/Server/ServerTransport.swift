import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// How a test reaches the server it started.
public enum ServerTransport: Sendable {
    /// Requests go straight to the router, with no socket.
    case router
    /// HummingbirdTesting's live server: requests over one local connection. HummingbirdTesting rebuilds the server's
    /// configuration from its address alone (`with(address:)`), so whatever else the configuration holds — the
    /// connection limit — is not installed.
    case live
    /// The application run whole, as `imagefeed serve` runs it (its connection limit too), on a port of its own:
    /// `client.port` is that port, for the test's own sockets; the client's own requests go to the router.
    case listening
}

/// A client whose requests go to the router of an application that also listens on ``port``.
struct ListeningClient: TestClientProtocol {
    let router: any TestClientProtocol
    let port: Int?

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        try await router.executeRequest(uri: uri, method: method, headers: headers, body: body)
    }
}
