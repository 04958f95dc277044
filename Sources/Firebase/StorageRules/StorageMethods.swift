import Foundation

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
