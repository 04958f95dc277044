import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Imaging
import Logging

/// Durations as people write them: `90s`, `30m`, `1h`, `1d`.
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last, let number = Double(trimmed.dropLast()), number > 0 else { return nil }
        let seconds: Double
        switch unit {
        case "s": seconds = number
        case "m": seconds = number * 60
        case "h": seconds = number * 3600
        case "d": seconds = number * 86400
        default: return nil
        }
        return .milliseconds(Int64(seconds * 1000))
    }
}
