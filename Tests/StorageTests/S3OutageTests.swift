import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import Storage

/// An S3 endpoint that refuses connections or accepts them and never answers (issue 34): every request fails with
/// an ``S3Error`` rather than hanging, a timeout is not tried again, and while the endpoint is known to be down the
/// next requests fail without being sent.
@Suite struct S3OutageTests {
    /// A client of an endpoint on 127.0.0.1:`port`, giving up after one second without an answer.
    static func client(port: Int) throws -> S3Client {
        let location = try S3Location(parsing: "s3://photos?endpoint=http://127.0.0.1:\(port)")
        return S3Client(
            endpoint: location.endpoint, credentials: AWSCredentials(accessKeyID: "key", secretAccessKey: "secret"),
            httpClient: S3Client.sharedHTTPClient(connect: .seconds(1), read: .seconds(1)))
    }

    @Test func a_refused_connection_fails_and_the_next_request_is_not_sent() async throws {
        // setup: a port nothing listens on
        let port = try ListeningSocket.freePort()
        let client = try Self.client(port: port)

        // act
        let first = await #expect(throws: S3Error.self) {
            try await client.putObject(bucket: "photos", key: "a", bytes: [1])
        }
        let second = await #expect(throws: S3Error.self) { _ = try await client.getObject(bucket: "photos", key: "a") }

        // assert: no status (no answer came); the second not sent at all; the outage known to the client
        #expect(first?.status == nil)
        #expect(
            second?.message?.hasPrefix("not sent: the storage did not answer") == true, "\(String(describing: second))")
        #expect(client.unavailability != nil)
    }

    @Test func an_endpoint_that_never_answers_fails_at_its_read_timeout() async throws {
        // setup: a socket that accepts connections (the kernel completes them) and never answers
        let socket = try ListeningSocket()
        defer { socket.close() }
        let client = try Self.client(port: socket.port)

        // act
        let failure = await #expect(throws: S3Error.self) { _ = try await client.getObject(bucket: "photos", key: "a") }

        // assert: given up as a timeout, not hung
        #expect(failure?.status == nil)
        #expect(
            failure?.message?.contains("Timeout") == true || failure?.message?.contains("timeout") == true,
            "\(String(describing: failure))")
    }
}

/// A TCP socket listening on 127.0.0.1 that never accepts: connections complete in the kernel's backlog and nothing
/// is ever answered on them.
struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    init() throws {
        // Locals until the end: the closures below may not capture a `self` that is not initialised yet.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            Glibc.close(descriptor)
            throw TestSetupError(message: "cannot listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { Glibc.close(descriptor) }

    /// A port free now (bound once and released).
    static func freePort() throws -> Int {
        let socket = try ListeningSocket()
        socket.close()
        return socket.port
    }
}
