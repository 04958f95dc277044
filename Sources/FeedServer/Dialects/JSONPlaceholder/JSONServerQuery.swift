import Foundation

/// json-server 0.16's query conventions (reference §4.3), applied to a list of objects: filters (`field=value`,
/// repeated keys OR-ed, dotted deep fields, `_gte` `_lte` `_ne` `_like`), `q`, `_sort`/`_order`, and `_start`/
/// `_end`/`_limit` or `_page`/`_limit`. Unknown fields are ignored, as json-server ignores them.
struct JSONServerQuery {
    struct Filter {
        enum Operation { case equal, greaterOrEqual, lessOrEqual, notEqual, like }
        var path: String
        var operation: Operation
        var values: [String]
    }

    var filters: [Filter] = []
    var q: String?
    var sort: [String] = []
    var order: [String] = []
    var start: Int?
    var end: Int?
    var limit: Int?
    var page: Int?
    var embed: [String] = []
    var expand: [String] = []

    /// The largest `_page`, `_limit`, `_start` or `_end` taken.
    static let maximumNumber = 1_000_000_000

    /// Reads the query; a bad number (`_page=x`, `_limit=-1`, `_page=99999999999`) is a 400.
    init(_ query: QueryParameters) throws(APIError) {
        var grouped: [(String, [String])] = []
        for pair in query.pairs {
            if let index = grouped.firstIndex(where: { $0.0 == pair.name }) {
                grouped[index].1.append(pair.value)
            } else {
                grouped.append((pair.name, [pair.value]))
            }
        }
        // The bound keeps the paging arithmetic in `slice` far from overflowing (which would stop the process).
        func number(_ name: String, _ value: String, minimum: Int) throws(APIError) -> Int {
            guard let number = Int(value), number >= minimum, number <= Self.maximumNumber else {
                throw .badParameter(
                    "\(name) must be a whole number from \(minimum) to \(Self.maximumNumber); got \"\(value)\".")
            }
            return number
        }
        for (name, values) in grouped {
            let value = values[0]
            switch name {
            case "q": q = value
            case "_sort": sort = value.split(separator: ",").map(String.init)
            case "_order": order = value.split(separator: ",").map { $0.lowercased() }
            case "_start": start = try number(name, value, minimum: 0)
            case "_end": end = try number(name, value, minimum: 0)
            case "_limit": limit = try number(name, value, minimum: 0)
            case "_page": page = try number(name, value, minimum: 1)
            case "_embed": embed = values
            case "_expand": expand = values
            // JSONP's function name, which json-server leaves out of the filters (as it does jQuery's `_`).
            case "callback": continue
            default:
                guard !name.hasPrefix("_") else { continue }
                let operators: [(String, Filter.Operation)] = [
                    ("_gte", .greaterOrEqual), ("_lte", .lessOrEqual), ("_ne", .notEqual), ("_like", .like),
                ]
                let (suffix, operation) = operators.first { name.hasSuffix($0.0) } ?? ("", .equal)
                filters.append(Filter(path: String(name.dropLast(suffix.count)), operation: operation, values: values))
            }
        }
    }

    /// Values `filter`s on `path` ask for with `=`, when there is such a filter (the controller narrows its reads
    /// with them: `albumId` for photos).
    func equalValues(_ path: String) -> [String]? {
        filters.first { $0.path == path && $0.operation == .equal }?.values
    }

    /// Whether the query only pages (the controller can then page in the database).
    var onlyPages: Bool { filters.isEmpty && q == nil && sort.isEmpty && embed.isEmpty && expand.isEmpty }

    func matches(_ item: JSONValue) -> Bool {
        for filter in filters {
            // A field no item has is ignored (json-server filters only on fields of the first item it sees).
            guard let value = item.value(at: filter.path) else { continue }
            let text = value.text
            let ok: Bool =
                switch filter.operation {
                case .equal: filter.values.contains(text)
                case .notEqual: filter.values.allSatisfy { $0 != text }
                case .greaterOrEqual: filter.values.allSatisfy { Self.compare(text, $0) >= 0 }
                case .lessOrEqual: filter.values.allSatisfy { Self.compare(text, $0) <= 0 }
                case .like: filter.values.contains { Self.like(text, $0) }
                }
            if !ok { return false }
        }
        if let q, !q.isEmpty {
            let needle = q.lowercased()
            return item.scalarTexts.contains { $0.lowercased().contains(needle) }
        }
        return true
    }

    /// json-server's `_like` is a case-insensitive regular expression. Running a client's regular expression could
    /// take exponential time, so the part apps use is served: a substring, anchored by `^` and `$`; other syntax
    /// is matched literally.
    static func like(_ text: String, _ pattern: String) -> Bool {
        var needle = Substring(pattern.lowercased())
        let anchoredStart = needle.hasPrefix("^")
        let anchoredEnd = needle.hasSuffix("$") && needle.count > 1
        if anchoredStart { needle = needle.dropFirst() }
        if anchoredEnd { needle = needle.dropLast() }
        let haystack = text.lowercased()
        switch (anchoredStart, anchoredEnd) {
        case (true, true): return haystack == needle
        case (true, false): return haystack.hasPrefix(needle)
        case (false, true): return haystack.hasSuffix(needle)
        case (false, false): return needle.isEmpty || haystack.contains(needle)
        }
    }

    /// Numbers compare as numbers, the rest as text.
    static func compare(_ left: String, _ right: String) -> Int {
        if let a = Double(left), let b = Double(right) { return a < b ? -1 : (a > b ? 1 : 0) }
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    func sorted(_ items: [JSONValue]) -> [JSONValue] {
        guard !sort.isEmpty else { return items }
        return items.enumerated().sorted { a, b in
            for (index, field) in sort.enumerated() {
                let left = a.element.value(at: field)?.text ?? ""
                let right = b.element.value(at: field)?.text ?? ""
                let comparison = Self.compare(left, right)
                if comparison != 0 {
                    return (order.count > index ? order[index] : "asc") == "desc" ? comparison > 0 : comparison < 0
                }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The slice to answer and, when paging, the `Link` relations (`first`, `prev`, `next`, `last`) as page numbers.
    func slice(count: Int) -> (range: Range<Int>, links: [(String, Int)]) {
        if let page {
            let size = limit ?? 10
            let lower = min(count, (page - 1) * size)
            let last = max(1, (count + size - 1) / max(1, size))
            var links: [(String, Int)] = [("first", 1)]
            if page > 1 { links.append(("prev", page - 1)) }
            if page < last { links.append(("next", page + 1)) }
            links.append(("last", last))
            return (lower..<min(count, lower + size), links)
        }
        let lower = min(count, start ?? 0)
        let upper = end.map { min(count, max(lower, $0)) } ?? limit.map { min(count, lower + $0) } ?? count
        return (lower..<upper, [])
    }
}
