import Foundation

/// One counter: its all-time total and a window of days.
public struct StatisticsCounter: Codable, Sendable, Hashable {
    public var total: Int
    public var historical: StatisticsHistory

    public init(total: Int, historical: StatisticsHistory) {
        self.total = total
        self.historical = historical
    }
}
