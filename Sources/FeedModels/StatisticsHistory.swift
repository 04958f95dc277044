import Foundation

/// A window of days: what it added (`change`) and each day's value, oldest first.
public struct StatisticsHistory: Codable, Sendable, Hashable {
    public var change: Int
    public var resolution: String
    public var quantity: Int
    public var values: [StatisticsValue]

    public init(change: Int, resolution: String = "days", quantity: Int, values: [StatisticsValue]) {
        self.change = change
        self.resolution = resolution
        self.quantity = quantity
        self.values = values
    }
}
