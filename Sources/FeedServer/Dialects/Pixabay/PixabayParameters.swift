import Foundation

/// Pixabay's query parameters, read as leniently as its wrappers send them: `true`/`false` in any case and `1`/`0`;
/// an empty value, Python's `None` and `all` mean "not given"; `safe_search` is `safesearch`.
struct PixabayParameters {
    let raw: [String: String]

    init(_ query: QueryParameters) {
        var raw: [String: String] = [:]
        for pair in query.pairs where raw[pair.name] == nil { raw[pair.name] = pair.value }
        if raw["safesearch"] == nil, let alias = raw["safe_search"] { raw["safesearch"] = alias }
        self.raw = raw
    }

    /// The value, or nil when it says nothing.
    func value(_ name: String) -> String? {
        guard let value = raw[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            !["none", "all"].contains(value.lowercased())
        else { return nil }
        return value.lowercased()
    }

    func bool(_ name: String) -> Bool? {
        switch value(name) {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    func integer(_ name: String) throws(PixabayController.Failure) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= 0 else {
            throw .bad("\"\(name)\" must be a whole number; got \"\(raw[name] ?? "")\".")
        }
        return number
    }

    /// A JSONP function name, when one is asked for (a valid identifier; anything else is ignored).
    var callback: String? {
        raw["callback"].flatMap { JSONValue.isCallbackName($0) ? $0 : nil }
    }
}
