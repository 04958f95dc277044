import Foundation

/// One counter's total and its values for each day of a window (oldest first, days without a count at 0).
public struct StatisticsSeries: Sendable, Hashable {
    public var total: Int
    public var days: [StatisticsPoint]

    /// What the window added.
    public var change: Int { days.reduce(0) { $0 + $1.value } }
}
