import Foundation

/// Why an import could not start.
public enum ImportError: Error, CustomStringConvertible {
    case missingPath(String)

    public var description: String {
        switch self {
        case .missingPath(let path): "\(path) does not exist."
        }
    }
}
