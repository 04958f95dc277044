/// Reading and writing a query as the REST API's parameters.
///
/// `orderBy` is a JSON string (`"$key"`, `"$value"`, `"$priority"` or a child path such as `"a/b"`); `startAt`,
/// `endAt`, `equalTo`, `startAfter` and `endBefore` are a JSON primitive optionally followed by `,` and a JSON
/// string naming the key that breaks ties (`startAt=5,"b"`, what `queryParamsToRestQueryStringParameters` in
/// firebase-js-sdk `core/view/QueryParams.ts` writes); `limitToFirst`/`limitToLast` are positive integers. The
/// texts of the errors are the REST server's where client reports quote them ("orderBy must be defined when other
/// query parameters are defined", "orderBy must be a valid JSON encoded path", "Provided key index type is invalid,
/// must be string", "Constraint index field must be a JSON primitive", "Constraint key field must be a valid key
/// name") and plain statements elsewhere.
extension DatabaseQuery {
    /// The REST parameters a query reads; the others (`print`, `auth`, `shallow`…) are the caller's.
    public static let restParameterNames: Set<String> = [
        "orderBy", "startAt", "endAt", "equalTo", "startAfter", "endBefore", "limitToFirst", "limitToLast",
    ]

    /// Reads a query from URL query parameters (already percent-decoded). Parameters not in
    /// ``restParameterNames`` are ignored, except `shallow=true`, which Firebase refuses beside a query.
    public init(restParameters parameters: [String: String]) throws(DatabaseError) {
        self.init()
        let present = Self.restParameterNames.filter { parameters[$0] != nil }
        guard let orderBy = parameters["orderBy"] else {
            if !present.isEmpty {
                throw DatabaseError(.invalidQuery, "orderBy must be defined when other query parameters are defined")
            }
            return
        }
        if parameters["shallow"] == "true" {
            throw DatabaseError(.invalidQuery, "Mixing 'shallow' and querying parameters is not supported")
        }
        index = try Self.restIndex(orderBy)
        if parameters["limitToFirst"] != nil, parameters["limitToLast"] != nil {
            throw DatabaseError(.invalidQuery, "limitToFirst and limitToLast can't both be defined")
        }
        if let text = parameters["limitToFirst"] { limit = .first(try Self.restLimit(text, name: "limitToFirst")) }
        if let text = parameters["limitToLast"] { limit = .last(try Self.restLimit(text, name: "limitToLast")) }

        if parameters["startAt"] != nil, parameters["startAfter"] != nil {
            throw DatabaseError(.invalidQuery, "startAt and startAfter can't both be defined")
        }
        if parameters["endAt"] != nil, parameters["endBefore"] != nil {
            throw DatabaseError(.invalidQuery, "endAt and endBefore can't both be defined")
        }
        if let text = parameters["equalTo"] {
            if ["startAt", "startAfter", "endAt", "endBefore"].contains(where: { parameters[$0] != nil }) {
                throw DatabaseError(
                    .invalidQuery, "equalTo can't be combined with startAt, startAfter, endAt or endBefore")
            }
            let (value, key) = try restBound(text, name: "equalTo")
            start = Bound(value: value, key: key ?? .min)
            end = Bound(value: value, key: key ?? .max)
            return
        }
        if let text = parameters["startAt"] {
            let (value, key) = try restBound(text, name: "startAt")
            start = Bound(value: value, key: key ?? .min)
        }
        if let text = parameters["startAfter"] {
            let (value, key) = try restBound(text, name: "startAfter")
            start = Bound(value: value, key: key ?? .max, inclusive: key == nil)
            if index == .key { start?.inclusive = false }
        }
        if let text = parameters["endAt"] {
            let (value, key) = try restBound(text, name: "endAt")
            end = Bound(value: value, key: key ?? .max)
        }
        if let text = parameters["endBefore"] {
            let (value, key) = try restBound(text, name: "endBefore")
            end = Bound(value: value, key: key ?? .min, inclusive: key == nil)
            if index == .key { end?.inclusive = false }
        }
    }

    private static func restIndex(_ text: String) throws(DatabaseError) -> DatabaseIndex {
        let invalid = DatabaseError(.invalidQuery, "orderBy must be a valid JSON encoded path")
        guard case .string(let name)? = try? JSONValue.parse(text) else { throw invalid }
        switch name {
        case "$key": return .key
        case "$value": return .value
        case "$priority": return .priority
        default:
            guard let path = try? DatabasePath(name), !path.isRoot else { throw invalid }
            return .child(path)
        }
    }

    private static func restLimit(_ text: String, name: String) throws(DatabaseError) -> Int {
        guard let value = Int(text), value > 0 else {
            throw DatabaseError(.invalidQuery, "\(name) must be a positive integer")
        }
        return value
    }

    /// `value` or `value,"key"`.
    private func restBound(_ text: String, name: String) throws(DatabaseError) -> (DatabaseNode, BoundKey?) {
        let (valueText, keyText) = Self.splitBound(text)
        guard let json = try? JSONValue.parse(valueText) else {
            throw DatabaseError(.invalidQuery, "\(name) must be a valid JSON value")
        }
        let value: DatabaseNode
        switch json {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .number(let number): value = .number(number)
        case .string(let string): value = .string(string)
        case .array, .object:
            throw DatabaseError(.invalidQuery, "Constraint index field must be a JSON primitive")
        }
        if index == .key, !(value.isLeaf && value.value.isString) {
            throw DatabaseError(.invalidQuery, "Provided key index type is invalid, must be string")
        }
        if index == .priority, case .bool = value.value {
            throw DatabaseError(
                .invalidQuery, "A priority bound must be a valid priority value (null, a number, or a string)")
        }
        guard let keyText else { return (value, nil) }
        if index == .key {
            throw DatabaseError(.invalidQuery, "When ordering by key, \(name) takes only one value, not a key name")
        }
        guard case .string(let key)? = try? JSONValue.parse(keyText), DatabaseKey.isValid(key) else {
            throw DatabaseError(.invalidQuery, "Constraint key field must be a valid key name")
        }
        return (value, .name(key))
    }

    /// Splits at the first comma outside a JSON string.
    private static func splitBound(_ text: String) -> (String, String?) {
        var inString = false
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "," {
                return (String(text[..<index]), String(text[text.index(after: index)...]))
            }
        }
        return (text, nil)
    }

    /// The REST parameters (values not yet percent-encoded) that ask for this query; empty for the default query.
    public var restParameters: [String: String] {
        guard !isDefault else { return [:] }
        var parameters = ["orderBy": JSONValue.string(index.restName).serializedString()]
        func text(_ bound: Bound) -> String {
            var text = bound.value.jsonString()
            if case .name(let key) = bound.key, index != .key { text += "," + JSONValue.string(key).serializedString() }
            return text
        }
        if let start {
            let exclusive = !start.inclusive || start.key == .max
            parameters[exclusive ? "startAfter" : "startAt"] = text(start)
        }
        if let end {
            let exclusive = !end.inclusive || end.key == .min
            parameters[exclusive ? "endBefore" : "endAt"] = text(end)
        }
        switch limit {
        case .first(let count)?: parameters["limitToFirst"] = String(count)
        case .last(let count)?: parameters["limitToLast"] = String(count)
        case nil: break
        }
        return parameters
    }
}

extension DatabaseNode.Value {
    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
