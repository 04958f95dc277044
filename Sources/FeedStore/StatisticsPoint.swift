import Foundation

/// One day's count in a window.
public struct StatisticsPoint: Sendable, Hashable {
    public var day: StatisticsDay
    public var value: Int
}
