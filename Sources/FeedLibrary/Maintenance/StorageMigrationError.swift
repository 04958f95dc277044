import FeedStore
import Foundation
import Storage

/// Why a migration stopped.
public enum StorageMigrationError: Error, CustomStringConvertible {
    case verificationFailed(key: String, bucket: String)

    public var description: String {
        switch self {
        case .verificationFailed(let key, let bucket):
            "The copy of \(key) in \(bucket) does not read back the same as the local file. Nothing was lost (the "
                + "local file is untouched); run the migration again, and check the storage if it happens again."
        }
    }
}
