import Firebase
import Foundation

/// How a Realtime Database path is keyed in `rtdb_nodes.path` and `rtdb_index`: a `0x00` byte, then each key's
/// ``DatabaseSortKey/encode(key:)``. Those encodings are self-delimiting and start with `0x01` or `0x02`, so byte
/// order is Firebase's order of paths (an ancestor before its descendants, siblings in key order) and the subtree
/// at a path is the range from its key up to its key followed by `0x03`.
enum RealtimePathKey {
    /// The key of `path`.
    static func encode(_ path: DatabasePath) -> Data {
        var bytes: [UInt8] = [0x00]
        for segment in path.segments { bytes += DatabaseSortKey.encode(key: segment) }
        return Data(bytes)
    }

    /// The key of `key` below the location keyed `location`.
    static func child(_ location: Data, _ key: String) -> Data {
        location + DatabaseSortKey.encode(key: key)
    }

    /// Just past the subtree of the path keyed `key`: every descendant's key is below it.
    static func subtreeEnd(_ key: Data) -> Data {
        key + [0x03]
    }

    /// The `parent` of the root, which no path equals.
    static let rootParent = Data([0xFF])
}
