import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// What a database URL names, read the one way ``Database/open(url:logger:)`` reads it: `postgres://…` or
/// `postgresql://…` a PostgreSQL server, `sqlite:///abs/path` or a plain path an SQLite file.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    public init(url: String) {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            self = .postgres(url: url)
        } else {
            self = .sqlite(path: url.hasPrefix("sqlite://") ? String(url.dropFirst("sqlite://".count)) : url)
        }
    }
}
