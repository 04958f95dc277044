import Foundation

/// A blocking TCP socket connected to `port` on 127.0.0.1, for the test clients that send what no HTTP client library
/// sends (``RawConnection``, ``ClientSocket``). Reads wait at most `readTimeout`; with `receiveBuffer`, the socket's
/// receive buffer is that small (set before connecting, so the window the server sees is small too). The caller
/// closes the descriptor.
func connectedLoopbackSocket(port: Int, readTimeout: timeval, receiveBuffer: Int? = nil) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPError(operation: "socket") }
    if var size = receiveBuffer.map(Int32.init) {
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = readTimeout
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
    guard connected == 0 else {
        close(descriptor)
        throw RawHTTPError(operation: "connect")
    }
    return descriptor
}
