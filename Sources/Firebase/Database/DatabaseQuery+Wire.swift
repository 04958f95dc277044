/// Reading and writing a query as the WebSocket protocol's query object: `sp`/`sn` (start value and name), `ep`/`en`
/// (end value and name), `l` (limit), `vf` (`"l"` from the left, `"r"` from the right) and `i` (index).
///
/// Mirrors `queryParamsGetQueryObject` in firebase-js-sdk `core/view/QueryParams.ts` and the `kFWPQuery*` keys of
/// firebase-ios-sdk `FirebaseDatabase/Sources/Constants/FConstants.m`. The wire has only inclusive bounds: the
/// SDKs send `startAfter(v)` as `sp: v, sn: "[MAX_NAME]"`, `startAfter(v, k)` as `sn: successor(k)`, and for the
/// key index `sp: successor(v)` (`NextPushId.ts`), and likewise for `endBefore` with `[MIN_NAME]` and
/// `predecessor`. Reading maps `[MIN_NAME]`/`[MAX_NAME]` back to ``BoundKey/min``/``BoundKey/max``.
extension DatabaseQuery {
    /// The sentinel names of the SDKs' `MIN_NAME` and `MAX_NAME` (`core/util/util.ts`).
    public static let minName = "[MIN_NAME]"
    /// See ``minName``.
    public static let maxName = "[MAX_NAME]"

    /// Reads the query object of a `q`, `n` or `g` action; unknown keys are refused (issue 31: "a query key the
    /// server does not know").
    public init(wireObject json: JSONValue) throws(DatabaseError) {
        guard case .object(let members) = json else {
            throw DatabaseError(.invalidQuery, "The query object must be a JSON object")
        }
        let known: Set<String> = ["sp", "sn", "ep", "en", "l", "vf", "i"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw DatabaseError(.invalidQuery, "Unknown query object key \"\(unknown)\"")
        }
        self.init()
        if let name = members["i"] {
            guard case .string(let text) = name else {
                throw DatabaseError(.invalidQuery, "The query index \"i\" must be a string")
            }
            index = try DatabaseIndex(wireName: text)
        }
        if let value = members["sp"] {
            start = Bound(value: try Self.wireValue(value, "sp"), key: try Self.wireName(members["sn"], "sn") ?? .min)
        } else if members["sn"] != nil {
            throw DatabaseError(.invalidQuery, "The query object has \"sn\" without \"sp\"")
        }
        if let value = members["ep"] {
            end = Bound(value: try Self.wireValue(value, "ep"), key: try Self.wireName(members["en"], "en") ?? .max)
        } else if members["en"] != nil {
            throw DatabaseError(.invalidQuery, "The query object has \"en\" without \"ep\"")
        }
        if let limitValue = members["l"] {
            guard case .number(let number) = limitValue, number >= 0, number == number.rounded(),
                number < Double(Int32.max)
            else {
                throw DatabaseError(.invalidQuery, "The query limit \"l\" must be a non-negative integer")
            }
            let count = Int(number)
            switch members["vf"] {
            case .string("l")?: limit = .first(count)
            case .string("r")?: limit = .last(count)
            // `limit()` without a side: anchored to the start when only a start is set, else the end.
            case nil: limit = start != nil && end == nil ? .first(count) : .last(count)
            default: throw DatabaseError(.invalidQuery, "The query \"vf\" must be \"l\" or \"r\"")
            }
        } else if members["vf"] != nil {
            throw DatabaseError(.invalidQuery, "The query object has \"vf\" without \"l\"")
        }
        if index == .key {
            for bound in [start, end].compactMap({ $0 }) where !bound.value.value.isString {
                throw DatabaseError(.invalidQuery, "Provided key index type is invalid, must be string")
            }
        }
    }

    private static func wireValue(_ json: JSONValue, _ name: String) throws(DatabaseError) -> DatabaseNode {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        default: throw DatabaseError(.invalidQuery, "The query \"\(name)\" must be a JSON primitive")
        }
    }

    private static func wireName(_ json: JSONValue?, _ name: String) throws(DatabaseError) -> BoundKey? {
        switch json {
        case nil: return nil
        case .string(minName)?: return .min
        case .string(maxName)?: return .max
        case .string(let key)? where DatabaseKey.isValid(key): return .name(key)
        default: throw DatabaseError(.invalidQuery, "The query \"\(name)\" must be a valid key name")
        }
    }

    /// The query object the SDKs would send for this query (empty for the default query).
    public var wireObject: JSONValue {
        var members: [String: JSONValue] = [:]
        if let start {
            var bound = start
            if !start.inclusive {
                // Only inclusive bounds travel: step past the excluded key as the SDKs do.
                if index == .key, case .string(let key) = start.value.value {
                    bound.value = Self.successorValue(key)
                } else if case .name(let key) = start.key {
                    bound.key = Self.successor(key)
                } else {
                    bound.key = .max
                }
            }
            members["sp"] = bound.value.jsonValue()
            if let name = Self.wireName(bound.key, defaultKey: .min) { members["sn"] = .string(name) }
        }
        if let end {
            var bound = end
            if !end.inclusive {
                if index == .key, case .string(let key) = end.value.value {
                    bound.value = Self.predecessorValue(key)
                } else if case .name(let key) = end.key {
                    bound.key = Self.predecessor(key)
                } else {
                    bound.key = .min
                }
            }
            members["ep"] = bound.value.jsonValue()
            if let name = Self.wireName(bound.key, defaultKey: .max) { members["en"] = .string(name) }
        }
        switch limit {
        case .first(let count)?:
            members["l"] = .number(Double(count))
            members["vf"] = .string("l")
        case .last(let count)?:
            members["l"] = .number(Double(count))
            members["vf"] = .string("r")
        case nil: break
        }
        if index != .priority { members["i"] = .string(index.wireName) }
        return .object(members)
    }

    private static func wireName(_ key: BoundKey, defaultKey: BoundKey) -> String? {
        if key == defaultKey { return nil }
        switch key {
        case .min: return minName
        case .max: return maxName
        case .name(let name): return name
        }
    }

    private static func successorValue(_ key: String) -> DatabaseNode {
        switch successor(key) {
        case .name(let name): return .string(name)
        default: return .string(maxName)
        }
    }

    private static func predecessorValue(_ key: String) -> DatabaseNode {
        switch predecessor(key) {
        case .name(let name): return .string(name)
        default: return .string(minName)
        }
    }
}
