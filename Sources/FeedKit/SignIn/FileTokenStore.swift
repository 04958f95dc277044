import Foundation

/// Tokens as JSON files in a directory, one per account, readable by the user only (0600 in a 0700 directory),
/// written atomically so a crash never leaves half a token.
public struct FileTokenStore: TokenStore {
    /// The directory holding the files.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func token(for account: String) async throws -> OAuthToken? {
        let file = path(for: account)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(OAuthToken.self, from: Data(contentsOf: file))
    }

    public func save(_ token: OAuthToken, for account: String) async throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = path(for: account)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        let data = try JSONEncoder().encode(token)
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // rename(2) replaces the old file in one step: a reader sees the old token or the new one, never neither.
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: file.path,
                    NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO),
                ])
        }
    }

    public func removeToken(for account: String) async throws {
        let file = path(for: account)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }

    /// One file per account; the name keeps letters, digits, `.`, `-` and `_`, and hex-escapes the rest, so any
    /// account string (a URL, an email) is a safe, distinct file name.
    func path(for account: String) -> URL {
        var name = ""
        for byte in account.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.append(Character(UnicodeScalar(byte)))
            default:
                name += "." + String(byte, radix: 16, uppercase: false)
            }
        }
        return directory.appendingPathComponent("token-\(name).json")
    }
}
