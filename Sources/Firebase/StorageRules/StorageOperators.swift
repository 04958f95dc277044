import Foundation

/// The binary operators of Storage rules over ``StorageValue``s; a type they don't take is an error (which
/// denies), never a coercion.
enum StorageOperators {
    static func fail(_ reason: String) -> StorageEvaluationError { StorageEvaluationError(reason: reason) }

    static func apply(_ op: String, _ left: StorageValue, _ right: StorageValue) throws -> StorageValue {
        switch op {
        case "==": return .bool(try equal(left, right))
        case "!=": return .bool(!(try equal(left, right)))
        case "<", "<=", ">", ">=":
            let order = try compare(left, right, op)
            switch op {
            case "<": return .bool(order < 0)
            case "<=": return .bool(order <= 0)
            case ">": return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case "in":
            switch right {
            case .list(let items): return .bool(try items.contains { try equal($0, left) })
            case .map(let members):
                guard case .string(let key) = left else { throw fail("a map's keys are strings") }
                return .bool(members[key] != nil)
            default: throw fail("'in' needs a list or a map, not \(right.typeName)")
            }
        case "+":
            switch (left, right) {
            case (.integer(let a), .integer(let b)):
                let (sum, overflow) = a.addingReportingOverflow(b)
                if overflow { throw fail("integer overflow") }
                return .integer(sum)
            case (.string(let a), .string(let b)): return .string(a + b)
            case (.list(let a), .list(let b)): return .list(a + b)
            case (.timestamp(let a), .duration(let b)), (.duration(let b), .timestamp(let a)): return .timestamp(a + b)
            case (.duration(let a), .duration(let b)): return .duration(a + b)
            default:
                if let a = left.number, let b = right.number { return .float(a + b) }
                throw fail("+ can't add \(left.typeName) and \(right.typeName)")
            }
        case "-":
            switch (left, right) {
            case (.integer(let a), .integer(let b)):
                let (difference, overflow) = a.subtractingReportingOverflow(b)
                if overflow { throw fail("integer overflow") }
                return .integer(difference)
            case (.timestamp(let a), .duration(let b)): return .timestamp(a - b)
            case (.timestamp(let a), .timestamp(let b)): return .duration(a - b)
            case (.duration(let a), .duration(let b)): return .duration(a - b)
            default:
                if let a = left.number, let b = right.number { return .float(a - b) }
                throw fail("- can't subtract \(right.typeName) from \(left.typeName)")
            }
        case "*", "/", "%":
            if case .integer(let a) = left, case .integer(let b) = right {
                switch op {
                case "*":
                    let (product, overflow) = a.multipliedReportingOverflow(by: b)
                    if overflow { throw fail("integer overflow") }
                    return .integer(product)
                default:
                    guard b != 0 else { throw fail("division by zero") }
                    guard !(a == .min && b == -1) else { throw fail("integer overflow") }
                    return .integer(op == "/" ? a / b : a % b)
                }
            }
            guard let a = left.number, let b = right.number else {
                throw fail("\(op) needs numbers, not \(left.typeName) and \(right.typeName)")
            }
            switch op {
            case "*": return .float(a * b)
            case "/": return .float(a / b)
            default: return .float(a.truncatingRemainder(dividingBy: b))
            }
        default:
            throw fail("unknown operator \(op)")
        }
    }

    static func equal(_ left: StorageValue, _ right: StorageValue) throws -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.timestamp(let a), .timestamp(let b)), (.duration(let a), .duration(let b)): return a == b
        case (.path(let a), .path(let b)): return a == b
        case (.path(let segments), .string(let text)), (.string(let text), .path(let segments)):
            return segments.joined(separator: "/") == text.drop(while: { $0 == "/" })
        case (.list(let a), .list(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y)) { return false }
            return true
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (key, x) in a {
                guard let y = b[key], try equal(x, y) else { return false }
            }
            return true
        default:
            if let a = left.number, let b = right.number { return a == b }
            return false
        }
    }

    static func compare(_ left: StorageValue, _ right: StorageValue, _ op: String) throws -> Int {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.timestamp(let a), .timestamp(let b)), (.duration(let a), .duration(let b)):
            return a < b ? -1 : (a == b ? 0 : 1)
        default:
            guard let a = left.number, let b = right.number else {
                throw fail("\(op) can't compare \(left.typeName) with \(right.typeName)")
            }
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }
}

/// The methods values have in Storage rules.
enum StorageMethods {
    static func fail(_ reason: String) -> StorageEvaluationError { StorageEvaluationError(reason: reason) }

    static func call(_ receiver: StorageValue, _ name: String, _ arguments: [StorageValue]) throws -> StorageValue {
        func string(_ index: Int) throws -> String {
            guard index < arguments.count, case .string(let text) = arguments[index] else {
                throw fail("\(name)() takes a string")
            }
            return text
        }
        func list(_ index: Int) throws -> [StorageValue] {
            guard index < arguments.count, case .list(let items) = arguments[index] else {
                throw fail("\(name)() takes a list")
            }
            return items
        }
        func integer(_ index: Int) throws -> Int64 {
            guard index < arguments.count, case .integer(let value) = arguments[index] else {
                throw fail("\(name)() takes integers")
            }
            return value
        }
        switch (receiver, name) {
        case (.string(let text), "matches"):
            let pattern = try string(0)
            do {
                return .bool(try RulesRegex(pattern).matchesWhole(text))
            } catch {
                throw fail("invalid regular expression '\(pattern)': \(error.reason)")
            }
        case (.string(let text), "size"): return .integer(Int64(text.unicodeScalars.count))
        case (.string(let text), "lower"): return .string(text.lowercased())
        case (.string(let text), "upper"): return .string(text.uppercased())
        case (.string(let text), "trim"): return .string(text.trimmingCharacters(in: .whitespaces))
        case (.string(let text), "split"):
            let separator = try string(0)
            guard !separator.isEmpty else { throw fail("split() needs a separator") }
            return .list(text.components(separatedBy: separator).map(StorageValue.string))
        case (.list(let items), "size"): return .integer(Int64(items.count))
        case (.list(let items), "join"):
            var parts: [String] = []
            for item in items {
                guard case .string(let part) = item else { throw fail("join() needs a list of strings") }
                parts.append(part)
            }
            return .string(parts.joined(separator: try string(0)))
        case (.list(let items), "hasAll"), (.list(let items), "hasAny"), (.list(let items), "hasOnly"):
            return try membership(name, items, try list(0))
        case (.map(let members), "size"): return .integer(Int64(members.count))
        case (.map(let members), "keys"): return .list(members.keys.sorted().map(StorageValue.string))
        case (.map(let members), "values"):
            return .list(members.keys.sorted().map { members[$0]! })
        case (.map(let members), "hasAll"), (.map(let members), "hasAny"), (.map(let members), "hasOnly"):
            return try membership(name, members.keys.map(StorageValue.string), try list(0))
        case (.path(let segments), "size"): return .integer(Int64(segments.count))
        case (.namespace("timestamp"), "date"):
            var components = DateComponents()
            components.year = Int(try integer(0))
            components.month = Int(try integer(1))
            components.day = Int(try integer(2))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: components) else { throw fail("invalid date") }
            return .timestamp(Int64(date.timeIntervalSince1970 * 1000))
        case (.namespace("duration"), "value"):
            let amount = try integer(0)
            let milliseconds: Int64
            switch try string(1) {
            case "w": milliseconds = 604_800_000
            case "d": milliseconds = 86_400_000
            case "h": milliseconds = 3_600_000
            case "m": milliseconds = 60_000
            case "s": milliseconds = 1000
            case "ms": milliseconds = 1
            default: throw fail("duration units are w, d, h, m, s and ms")
            }
            let (total, overflow) = amount.multipliedReportingOverflow(by: milliseconds)
            if overflow { throw fail("duration out of range") }
            return .duration(total)
        case (.timestamp(let milliseconds), _):
            return try timestampPart(milliseconds, name)
        case (.duration(let milliseconds), "seconds"): return .integer(milliseconds / 1000)
        case (.duration(let milliseconds), "nanos"): return .integer((milliseconds % 1000) * 1_000_000)
        default:
            throw fail("\(receiver.typeName) has no method '\(name)'")
        }
    }

    private static func membership(_ name: String, _ items: [StorageValue], _ wanted: [StorageValue]) throws
        -> StorageValue
    {
        func holds(_ value: StorageValue, in list: [StorageValue]) throws -> Bool {
            try list.contains { try StorageOperators.equal($0, value) }
        }
        switch name {
        case "hasAll": return .bool(try wanted.allSatisfy { try holds($0, in: items) })
        case "hasAny": return .bool(try wanted.contains { try holds($0, in: items) })
        default: return .bool(try items.allSatisfy { try holds($0, in: wanted) })
        }
    }

    private static func timestampPart(_ milliseconds: Int64, _ name: String) throws -> StorageValue {
        if name == "toMillis" { return .integer(milliseconds) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        switch name {
        case "year": return .integer(Int64(parts.year ?? 0))
        case "month": return .integer(Int64(parts.month ?? 0))
        case "day": return .integer(Int64(parts.day ?? 0))
        case "hours": return .integer(Int64(parts.hour ?? 0))
        case "minutes": return .integer(Int64(parts.minute ?? 0))
        case "seconds": return .integer(Int64(parts.second ?? 0))
        case "nanos": return .integer((milliseconds % 1000) * 1_000_000)
        default: throw fail("timestamp has no method '\(name)'")
        }
    }
}
