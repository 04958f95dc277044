import Foundation

/// A day as statistics count it: whole days since 1970 in UTC.
public struct StatisticsDay: Sendable, Hashable, Comparable {
    public var number: Int64

    public init(_ date: Date) {
        number = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    public init(number: Int64) {
        self.number = number
    }

    /// Midnight UTC at the start of the day.
    public var start: Date { Date(timeIntervalSince1970: TimeInterval(number) * 86_400) }

    public static func < (lhs: StatisticsDay, rhs: StatisticsDay) -> Bool { lhs.number < rhs.number }
}
