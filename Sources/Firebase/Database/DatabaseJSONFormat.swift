/// How ``DatabaseNode`` prints: the REST API's default (values only) or `format=export` (with `.priority`).
///
/// Mirrors `val(exportFormat)` of firebase-js-sdk `core/snap/LeafNode.ts` and `ChildrenNode.ts`.
public enum DatabaseJSONFormat: Sendable, Hashable {
    /// Values only, priorities dropped: what `GET /path.json` answers.
    case values
    /// Values and priorities: a prioritised leaf as `{".value": v, ".priority": p}`, children with a
    /// `".priority"` member; what `format=export` answers and what the console exports.
    case export
}
