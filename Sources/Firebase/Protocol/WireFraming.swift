/// How the WebSocket protocol carries a message longer than one frame: the sender writes the number of segments as a
/// bare numeric text frame, then the segments, each at most ``maximumFrameCharacters`` long; the receiver reads a
/// short numeric frame as that count and joins the segments that follow.
///
/// Mirrors firebase-js-sdk `realtime/WebSocketConnection.ts` (`send`, `extractFrameCount_`, `appendFrame_`,
/// `WEBSOCKET_MAX_FRAME_SIZE`) and firebase-ios-sdk `FWebSocketConnection.m` (`send:`, `handleIncomingFrame:`):
/// lengths are counted in UTF-16 code units, as JavaScript's `String.length` does; a message that fits one frame goes
/// without a count (a count of `1` is never sent); the client's keep-alive is the frame `0`, which a receiver reads as
/// a count of nothing and ignores.
public enum WireFraming {
    /// The longest segment either side sends (16,384 UTF-16 code units).
    public static let maximumFrameCharacters = 16384

    /// The text frames that carry `message`: the message itself when it fits one frame, else the segment count
    /// followed by the segments (a surrogate pair is never split across two).
    public static func frames(for message: String) -> [String] {
        if message.utf16.count <= maximumFrameCharacters { return [message] }
        var segments: [String] = []
        var current = String.UnicodeScalarView()
        var length = 0
        for scalar in message.unicodeScalars {
            let width = scalar.utf16.count
            if length + width > maximumFrameCharacters {
                segments.append(String(current))
                current = String.UnicodeScalarView()
                length = 0
            }
            current.append(scalar)
            length += width
        }
        if !current.isEmpty { segments.append(String(current)) }
        return [String(segments.count)] + segments
    }
}

/// Joins the text frames a peer sends into its messages (``WireFraming``).
public struct WireFrameAssembler: Sendable {
    /// Why a peer's frames cannot be read; the connection closes with the text.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The longest message accepted, in UTF-8 bytes.
    public let maximumMessageBytes: Int
    private var expected = 0
    private var segments: [String] = []
    private var bytes = 0

    /// An assembler refusing messages longer than `maximumMessageBytes`.
    public init(maximumMessageBytes: Int) {
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// The most segments a message may announce: as many as its longest allowed text needs, and one more.
    public var maximumFrameCount: Int { maximumMessageBytes / WireFraming.maximumFrameCharacters + 1 }

    /// True while the segments of an announced message are still coming.
    public var isAssembling: Bool { expected > 0 }

    /// Takes one text frame; returns the message it completes, or nil when it was a count, a keep-alive or a
    /// segment of a message not complete yet.
    public mutating func receive(_ frame: String) throws(Failure) -> String? {
        if expected > 0 {
            bytes += frame.utf8.count
            if bytes > maximumMessageBytes {
                throw Failure(description: "Message exceeds the maximum size of \(maximumMessageBytes) bytes")
            }
            if frame.utf16.count > WireFraming.maximumFrameCharacters {
                throw Failure(description: "Frame exceeds \(WireFraming.maximumFrameCharacters) characters")
            }
            segments.append(frame)
            guard segments.count == expected else { return nil }
            let message = segments.joined()
            expected = 0
            segments = []
            bytes = 0
            return message
        }
        // A frame of at most 6 characters that is a number is a count (`extractFrameCount_`).
        if frame.utf8.count <= 6, let count = Int(frame) {
            if count == 0 { return nil }  // The keep-alive.
            guard count > 0, count <= maximumFrameCount else {
                throw Failure(description: "Invalid frame count \(frame)")
            }
            expected = count
            return nil
        }
        if frame.utf8.count > maximumMessageBytes {
            throw Failure(description: "Message exceeds the maximum size of \(maximumMessageBytes) bytes")
        }
        return frame
    }
}
