import FeedStore
import Foundation
import Storage

/// A file the server could not write, with the system's reason.
public enum FileError: Error, CustomStringConvertible {
    case cannotWrite(String, Int32)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let code): "Could not write \(path): \(String(cString: strerror(code)))"
        }
    }
}
