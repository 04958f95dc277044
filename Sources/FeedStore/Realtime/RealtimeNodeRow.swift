import Firebase
import Foundation
import SQLKit

/// One row of `rtdb_nodes` as the reader gets it back, and the rows a node is written as.
struct RealtimeNodeRow: Sendable {
    /// `kind` of a boolean (held in `num` as 0 or 1).
    static let boolean = 1
    /// `kind` of a number.
    static let number = 2
    /// `kind` of a string.
    static let string = 3
    /// `kind` of an object.
    static let object = 4
    /// `kind` of a string holding U+0000, which PostgreSQL's `TEXT` cannot hold: `str` is its JSON text.
    static let escapedString = 5

    let depth: Int
    let key: String
    let kind: Int
    let num: Double?
    let str: String?
    let pnum: Double?
    let pstr: String?

    init(row: any SQLRow) throws {
        depth = try row.decode(column: "depth", as: Int.self)
        key = try row.decode(column: "key", as: String.self)
        kind = try row.decode(column: "kind", as: Int.self)
        num = try row.decode(column: "num", as: Double?.self)
        str = try row.decode(column: "str", as: String?.self)
        pnum = try row.decode(column: "pnum", as: Double?.self)
        pstr = try row.decode(column: "pstr", as: String?.self)
    }

    /// The leaf value (null for an object row).
    var value: DatabaseNode.Value {
        switch kind {
        case Self.boolean: return .bool((num ?? 0) != 0)
        case Self.number: return .number(num ?? 0)
        case Self.string: return .string(str ?? "")
        case Self.escapedString: return .string(Self.unescaped(str ?? ""))
        default: return .null
        }
    }

    var priority: DatabasePriority? {
        if let pnum { return .number(pnum) }
        if let pstr { return .string(Self.unescaped(pstr)) }
        return nil
    }

    /// A string as a `TEXT` column can hold it: itself, or its JSON text when it holds U+0000 (priority strings,
    /// which are rare, are always kept as JSON text).
    static func escaped(_ string: String) -> String {
        JSONValue.string(string).serializedString()
    }

    static func unescaped(_ text: String) -> String {
        (try? JSONValue.parse(text))?.stringValue ?? text
    }

    /// The node whose row is `rows[index]`, with its descendants (the rows after it, in path order, that are
    /// deeper); leaves `index` past them.
    static func build(_ rows: [RealtimeNodeRow], _ index: inout Int) -> DatabaseNode {
        let row = rows[index]
        index += 1
        guard row.kind == object else { return DatabaseNode(row.value, priority: row.priority) }
        var children: [String: DatabaseNode] = [:]
        while index < rows.count, rows[index].depth > row.depth {
            let key = rows[index].key
            children[key] = build(rows, &index)
        }
        return DatabaseNode(children: children, priority: row.priority)
    }

    /// The values of the rows of `node` at `path` (the node's own first, then its descendants), for
    /// `INSERT INTO rtdb_nodes (ns, path, parent, key, depth, kind, num, str, pnum, pstr, psort)`.
    static func values(of node: DatabaseNode, at path: DatabasePath, ns: Int64) -> [SQLQueryString] {
        var values: [SQLQueryString] = []
        let key = RealtimePathKey.encode(path)
        let parent = path.parent.map(RealtimePathKey.encode) ?? RealtimePathKey.rootParent
        append(node, key: path.lastKey ?? "", path: key, parent: parent, depth: path.depth, ns: ns, to: &values)
        return values
    }

    private static func append(
        _ node: DatabaseNode, key: String, path: Data, parent: Data, depth: Int, ns: Int64,
        to values: inout [SQLQueryString]
    ) {
        var kind = object
        var num: Double?
        var str: String?
        switch node.value {
        case .null: return
        case .bool(let flag): (kind, num) = (boolean, flag ? 1 : 0)
        case .number(let value): (kind, num) = (number, value)
        case .string(let value):
            (kind, str) = value.utf8.contains(0) ? (escapedString, escaped(value)) : (string, value)
        case .children: break
        }
        var pnum: Double?
        var pstr: String?
        switch node.priority {
        case .number(let value)?: pnum = value
        case .string(let value)?: pstr = escaped(value)
        case nil: break
        }
        let psort = Data(DatabaseSortKey.encode(node.priorityNode, key: key))
        values.append(
            """
            (\(bind: ns), \(bind: path), \(bind: parent), \(bind: key), \(bind: depth), \(bind: kind), \(bind: num), \
            \(bind: str), \(bind: pnum), \(bind: pstr), \(bind: psort))
            """)
        for entry in node.children {
            append(
                entry.node, key: entry.key, path: RealtimePathKey.child(path, entry.key), parent: path,
                depth: depth + 1, ns: ns, to: &values)
        }
    }
}
