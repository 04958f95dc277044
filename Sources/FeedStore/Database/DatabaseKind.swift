import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import Locking

/// The SQL backends the store runs on.
public enum DatabaseKind: String, Sendable {
    case sqlite
    case postgres
}
