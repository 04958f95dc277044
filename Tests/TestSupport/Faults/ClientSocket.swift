import Foundation

/// A client connection that behaves badly on purpose — sends half a request head and stops, never reads its answer,
/// or holds the connection idle — and that says when the server closed it. Its calls block, so a test runs them
/// through ``ClientSocket/run(_:)``, on a thread of its own: on the concurrency pool they could hold the threads the
/// server under test needs.
public final class ClientSocket: @unchecked Sendable {
    let descriptor: Int32

    /// Connects to `port` on 127.0.0.1; with `receiveBuffer`, the socket's receive buffer is that small (set before
    /// connecting, so the window the server sees is small too).
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        descriptor = try connectedLoopbackSocket(
            port: port, readTimeout: timeval(tv_sec: 0, tv_usec: 200_000), receiveBuffer: receiveBuffer)
    }

    deinit { close(descriptor) }

    /// Runs `body` on a thread of its own.
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
        }
    }

    /// Sends `bytes`; false when the server closed the connection first.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Sends `text` as UTF-8.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads until the server closes the connection (end of stream or reset), for at most `seconds`: what came, and
    /// whether it was closed. A bounded wait, never a measure of how long anything took.
    public func readUntilClosed(within seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return (received, true)
            }
        }
        return (received, false)
    }

    /// Reads one answer of a kept-alive connection: up to the end of its head and `Content-Length` bytes of body,
    /// for at most `seconds`. Nil when the server closed the connection or sent nothing.
    public func readAnswer(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            if let text = Self.completeAnswer(received) { return text }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return Self.completeAnswer(received)
            }
        }
        return nil
    }

    /// `bytes` as text once they hold a whole answer with a `Content-Length`.
    static func completeAnswer(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length ? text : nil
    }
}

/// Polls `condition` until it holds, for at most `seconds`: a bounded wait on a condition, never a measure of time.
/// Returns whether it held. The pauses between polls are the wait's, not the behaviour's under test.
public func waitUntil(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
