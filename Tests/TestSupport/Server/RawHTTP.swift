import Foundation

/// A plain TCP connection to the server under test on 127.0.0.1, for what no HTTP client library sends: bytes a URL
/// may not hold, several requests in one write.
public struct RawConnection: Sendable {
    let descriptor: Int32

    /// Connects to `port`, runs `body` with the connection and closes it. The socket calls block, so all of it runs
    /// on a thread of its own: on the concurrency pool they could hold every thread the server under test needs to
    /// answer. A read waits at most `readTimeout` seconds (five unless said: a test that waits for an answer that
    /// takes work, such as an upload, gives a busy machine longer).
    public static func with<Result: Sendable>(
        port: Int, readTimeout: Int = 5, _ body: @escaping @Sendable (RawConnection) throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        let connection = try RawConnection(port: port, readTimeout: readTimeout)
                        defer { close(connection.descriptor) }
                        return try body(connection)
                    })
            }.start()
        }
    }

    private init(port: Int, readTimeout: Int) throws {
        descriptor = try connectedLoopbackSocket(port: port, readTimeout: timeval(tv_sec: readTimeout, tv_usec: 0))
    }

    /// Sends `bytes`, or as many as the server reads before it closes (it may answer a request line past its limit
    /// without reading the rest).
    public func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The next bytes the server sends; nil once it has closed the connection or sent nothing for five seconds.
    public func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : nil
    }
}

/// Sends `request` byte for byte and returns everything the server sends back until it closes the connection (or
/// nothing more comes for `readTimeout` seconds).
public func rawHTTP(port: Int, _ request: [UInt8], readTimeout: Int = 5) async throws -> String {
    try await RawConnection.with(port: port, readTimeout: readTimeout) { connection in
        connection.send(request)
        var received: [UInt8] = []
        while let bytes = connection.receive() { received += bytes }
        return String(decoding: received, as: UTF8.self)
    }
}

/// A socket call of ``RawConnection`` that failed, or an answer that did not come.
public struct RawHTTPError: Error {
    public let operation: String

    public init(operation: String) {
        self.operation = operation
    }
}
