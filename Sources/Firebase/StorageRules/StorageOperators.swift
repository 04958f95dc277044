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
            case (.timestamp(let a), .duration(let b)), (.duration(let b), .timestamp(let a)):
                return .timestamp(try checked(a.addingReportingOverflow(b)))
            case (.duration(let a), .duration(let b)): return .duration(try checked(a.addingReportingOverflow(b)))
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
            case (.timestamp(let a), .duration(let b)):
                return .timestamp(try checked(a.subtractingReportingOverflow(b)))
            case (.timestamp(let a), .timestamp(let b)):
                return .duration(try checked(a.subtractingReportingOverflow(b)))
            case (.duration(let a), .duration(let b)): return .duration(try checked(a.subtractingReportingOverflow(b)))
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

    /// The result of an overflow-reporting operation, or an error (which denies) instead of a trap.
    static func checked(_ result: (partialValue: Int64, overflow: Bool)) throws -> Int64 {
        if result.overflow { throw fail("integer overflow") }
        return result.partialValue
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
