import FeedStore
import Foundation

/// Why a check, backup or restore stopped.
public enum MaintenanceError: Error, CustomStringConvertible {
    case failed(String)

    public var description: String {
        switch self {
        case .failed(let message): message
        }
    }
}
