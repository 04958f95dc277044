import NIOCore

/// Follows a `multipart/form-data` body as it streams in and finds a part header whose name holds a byte no header
/// name may (RFC 7578 part headers are RFC 5322 fields: printable ASCII names).
///
/// It exists because multipart-kit 4.7.1's parser traps on such a byte (`isAllowedHeaderFieldNameCharacter` indexes
/// a 128-entry table with it), which would end the whole process for one signed-in person's request. Each chunk is
/// shown to this guard before the parser sees it; the parser still does all the parsing.
struct MultipartHeaderGuard {
    private enum State {
        /// In the preamble or a part's body, looking for the next `CRLF--boundary`.
        case seeking
        /// After a delimiter, up to the end of its line (`--` closes the body; transport padding may follow).
        case delimiterLine
        /// In a part's headers: whether the current line is still empty, and whether it is still in its name.
        case headers(lineEmpty: Bool, inName: Bool)
    }

    private let delimiter: [UInt8]
    private var state = State.seeking
    /// The end of the bytes seen in ``State/seeking``, which a delimiter split across chunks starts in. The body
    /// starts as if after a line break, so that its first delimiter needs none.
    private var carry: [UInt8] = [13, 10]

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Whether the part headers in `chunk` (and in those before it) are ones the parser can be given.
    mutating func accepts(_ chunk: ByteBuffer) -> Bool {
        var bytes = chunk.readableBytesView[...]
        while !bytes.isEmpty {
            switch state {
            case .seeking:
                let window = carry + bytes
                guard let found = window.firstRange(of: delimiter) else {
                    carry = Array(window.suffix(delimiter.count - 1))
                    return true
                }
                // The bytes after the delimiter: those of this chunk past it.
                let consumed = found.upperBound - carry.count
                bytes = bytes.dropFirst(max(0, consumed))
                carry = []
                state = .delimiterLine
            case .delimiterLine:
                guard let end = bytes.firstIndex(of: 10) else { return true }
                bytes = bytes[bytes.index(after: end)...]
                state = .headers(lineEmpty: true, inName: true)
            case .headers(var lineEmpty, var inName):
                while let byte = bytes.first {
                    bytes = bytes.dropFirst()
                    if byte == 10 {
                        if lineEmpty {
                            state = .seeking
                            carry = [13, 10]  // the part's body starts here, after a line break
                            break
                        }
                        lineEmpty = true
                        inName = true
                        continue
                    }
                    if byte == 13 { continue }
                    lineEmpty = false
                    if byte == UInt8(ascii: ":") { inName = false }
                    if inName, byte >= 0x80 { return false }
                }
                if case .headers = state { state = .headers(lineEmpty: lineEmpty, inName: inName) }
            }
        }
        return true
    }
}
