import FeedStore
import HTTPTypes
import Hummingbird
import NIOCore

/// A body writer that keeps what it is given.
final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var part = buffer
        self.buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
