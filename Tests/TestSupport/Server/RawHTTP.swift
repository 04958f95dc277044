import Foundation

/// Sends `request` byte for byte to the server on `port` of 127.0.0.1 and returns everything it sends back until
/// it closes the connection (or nothing more comes for five seconds): for requests no HTTP client library would
/// send, such as bytes a URL may not hold. The socket calls block, so they run on a thread of their own: on the
/// concurrency pool they could hold every thread the server under test needs to answer.
public func rawHTTP(port: Int, _ request: [UInt8]) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try blockingRawHTTP(port: port, request) }) }.start()
    }
}

private func blockingRawHTTP(port: Int, _ request: [UInt8]) throws -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPError(operation: "socket") }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw RawHTTPError(operation: "connect") }
    var sent = 0
    while sent < request.count {
        let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        // The server may answer and close before it has read everything (a request line past its limit).
        guard count > 0 else { break }
        sent += count
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        received += buffer[..<count]
    }
    return String(decoding: received, as: UTF8.self)
}

/// A socket call of ``rawHTTP(port:_:)`` that failed.
public struct RawHTTPError: Error {
    public let operation: String
}
