import Foundation

/// What is counted per photo per day.
public enum StatisticsMetric: String, Sendable, CaseIterable {
    case downloads, views, likes
}
