import FeedStore
import Foundation

/// Listing page tokens: opaque to clients, base64url of where the next page starts.
public enum PageToken {
    public static func encode(_ cursor: StorageListCursor) -> String {
        let text =
            switch cursor {
            case .afterName(let name): "n:" + name
            case .afterPrefix(let prefix): "p:" + prefix
            }
        return Secrets.base64URL(Data(text.utf8))
    }

    public static func decode(_ token: String) throws(FirebaseStorageError) -> StorageListCursor {
        guard let data = Data(base64URL: token), let text = String(data: data, encoding: .utf8), text.count > 2 else {
            throw .invalidArgument("The page token is not one this server gave.")
        }
        let value = String(text.dropFirst(2))
        switch text.prefix(2) {
        case "n:": return .afterName(value)
        case "p:": return .afterPrefix(value)
        default: throw .invalidArgument("The page token is not one this server gave.")
        }
    }
}
