import Crypto
import Foundation

/// The hash the SDKs compute for a node, which a transaction's put (`p` with `h`) carries so the server can
/// answer `datastale` when the data changed underneath it.
///
/// Mirrors firebase-js-sdk `core/snap/LeafNode.ts` `hash()`, `ChildrenNode.ts` `hash()` and `snap.ts`
/// `priorityHashText`, and firebase-ios-sdk `FirebaseDatabase/Sources/Snapshot/FLeafNode.m` and
/// `FChildrenNode.m` `dataHash`; `doubleToIEEE754String` and `sha1` from `core/util/util.ts`:
///
/// - a leaf hashes `"priority:" + <priority text> + ":"` (when it has a priority) followed by
///   `"<type>:" + <value>`, where type is `boolean`, `number` or `string` and a number is written as the 16
///   lower-case hex digits of its big-endian IEEE 754 bits (`number:3ff0000000000000` for 1); a priority text is
///   `number:<hex>` or `string:<text>`;
/// - children hash the optional priority prefix, then `":" + key + ":" + childHash` for every child in
///   **priority order** (no priority, numbers, strings, ties by key), children whose hash is empty skipped;
/// - the text is hashed with SHA-1 over its UTF-8 bytes and written in standard base64;
/// - the empty node hashes to the empty string.
public enum NodeHash {
    /// The SDKs' hash of `node`.
    public static func hash(_ node: DatabaseNode) -> String {
        let text = hashText(node)
        return text.isEmpty ? "" : sha1Base64(text)
    }

    /// The text that gets hashed (exposed for tests and for checking a hash by hand).
    public static func hashText(_ node: DatabaseNode) -> String {
        var text = ""
        if let priority = node.priority { text += "priority:" + priorityHashText(priority) + ":" }
        switch node.value {
        case .null:
            return ""
        case .bool(let value):
            text += "boolean:" + (value ? "true" : "false")
        case .number(let value):
            text += "number:" + ieee754Hex(value)
        case .string(let value):
            text += "string:" + value
        case .children:
            for entry in DatabaseIndex.priority.sortedChildren(of: node) {
                let childHash = hash(entry.node)
                if !childHash.isEmpty { text += ":" + entry.key + ":" + childHash }
            }
        }
        return text
    }

    /// `doubleToIEEE754String`: the 64 bits of `value`, big-endian, as 16 lower-case hex digits.
    public static func ieee754Hex(_ value: Double) -> String {
        let hex = String(value.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func priorityHashText(_ priority: DatabasePriority) -> String {
        switch priority {
        case .number(let value): return "number:" + ieee754Hex(value)
        case .string(let value): return "string:" + value
        }
    }

    static func sha1Base64(_ text: String) -> String {
        Data(Insecure.SHA1.hash(data: Data(text.utf8))).base64EncodedString()
    }
}
