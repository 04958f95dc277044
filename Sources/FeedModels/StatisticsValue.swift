import Foundation

/// One day's count in a statistics series.
public struct StatisticsValue: Codable, Sendable, Hashable {
    /// `YYYY-MM-DD`, the UTC day.
    public var date: String
    public var value: Int

    public init(date: String, value: Int) {
        self.date = date
        self.value = value
    }
}
