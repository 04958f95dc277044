import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

@Suite("Multipart header guard")
struct MultipartHeaderGuardTests {
    /// Feeds `body` to a guard in chunks of `size` bytes; whether every chunk was accepted.
    static func accepts(_ body: [UInt8], boundary: String = "b", chunkedBy size: Int) -> Bool {
        var headerGuard = MultipartHeaderGuard(boundary: boundary)
        var start = 0
        while start < body.count {
            let end = min(body.count, start + size)
            guard headerGuard.accepts(ByteBuffer(bytes: body[start..<end])) else { return false }
            start = end
        }
        return true
    }

    static let nonASCIIName: [UInt8] = Array("--b\r\n".utf8) + [0xC2, 0x9A] + Array(": x\r\n\r\nhi\r\n--b--\r\n".utf8)

    @Test(arguments: [1, 2, 3, 7, 1000])
    func a_part_header_name_that_is_not_ascii_is_refused_however_the_body_is_cut(size: Int) {
        // setup: the same name after a first, good part
        let second =
            Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nbody bytes\r\n".utf8)
            + Array("--b\r\nX-".utf8) + [0xFF] + Array(": y\r\n\r\n\r\n--b--\r\n".utf8)

        // act, assert
        #expect(!Self.accepts(Self.nonASCIIName, chunkedBy: size))
        #expect(!Self.accepts(second, chunkedBy: size))
    }

    @Test(arguments: [1, 5, 64, 100_000])
    func utf8_in_header_values_and_any_bytes_in_bodies_pass(size: Int) {
        // setup: a UTF-8 file name, and a body full of bytes above 0x7F and near-delimiters
        let body =
            Array("preamble\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"café.jpg\"\r\n".utf8)
            + Array("Content-Type: image/jpeg\r\n\r\n".utf8) + [0xFF, 0xD8, 0xC2, 0x9A, 13, 10, 45, 45, 0x80, 13, 10]
            + Array("\r\n--bb: not a delimiter of this body, as its boundary is b".utf8)
            + Array("\r\n--b\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\nté\r\n--b--\r\n".utf8)

        // act, assert
        #expect(Self.accepts(body, chunkedBy: size))
    }

    @Test func the_server_answers_such_an_upload_with_400_and_lives_on() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.execute(
                uri: "/photos", method: .post,
                headers: alice.auth.merging([.contentType: "multipart/form-data; boundary=b"]),
                body: ByteBuffer(bytes: Self.nonASCIIName))
            let after = try await server.client.get("/photos")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors == ["The multipart body is malformed: a part header's name is not ASCII."])
            #expect(after.status == .ok)
        }
    }
}
