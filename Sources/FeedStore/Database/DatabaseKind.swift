import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// The SQL backends the store runs on.
public enum DatabaseKind: String, Sendable {
    case sqlite
    case postgres
}
