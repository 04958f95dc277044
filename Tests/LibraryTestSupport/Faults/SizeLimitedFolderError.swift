import Foundation

/// A system call of ``SizeLimitedFolder`` that failed.
public struct SizeLimitedFolderError: Error, CustomStringConvertible {
    public let operation: String
    public let code: Int32

    public var description: String { "Could not \(operation): \(String(cString: strerror(code)))" }
}
