/// A value the server fills in when it applies a write: `{".sv": "timestamp"}` or `{".sv": {"increment": n}}`.
///
/// Mirrors firebase-js-sdk `packages/database/src/core/util/ServerValues.ts` (`resolveDeferredLeafValue`,
/// `resolveScalarDeferredValue`, `resolveComplexDeferredValue`): a timestamp is the server's clock in milliseconds
/// since 1970; an increment adds to the number already stored there, and replaces anything else (absent, a
/// string, a boolean, children) with the increment itself.
public enum ServerValue: Sendable, Hashable {
    /// The server's time in milliseconds since 1970.
    case timestamp
    /// The current number plus this delta (the delta alone when the current value is not a number).
    case increment(Double)

    /// The node this server value becomes, given the clock and the node currently at its place.
    public func resolved(now: Int64, existing: DatabaseNode) -> DatabaseNode {
        switch self {
        case .timestamp:
            return .number(Double(now))
        case .increment(let delta):
            if case .number(let current) = existing.value { return .number(current + delta) }
            return .number(delta)
        }
    }

    /// Reads the value of a `.sv` member, or says why it is refused.
    static func parse(_ json: JSONValue) -> ServerValue? {
        switch json {
        case .string("timestamp"): return .timestamp
        case .object(let members):
            guard members.count == 1, case .number(let delta)? = members["increment"] else { return nil }
            return .increment(delta)
        default: return nil
        }
    }
}
