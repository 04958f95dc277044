import Foundation

/// Gregorian calendar dates from day numbers, without a `Calendar` (days-from-civil inverted, valid for any date).
public enum CivilDate {
    /// The year, month (1–12) and day (1–31) of a day counted from 1970-01-01 (day 0).
    public static func from(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD` of a day counted from 1970-01-01.
    public static func text(daysSince1970 days: Int64) -> String {
        let (year, month, day) = from(daysSince1970: days)
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC (MySQL's datetime, which Flickr uses).
    public static func dateTime(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        func padded(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
        return text(daysSince1970: days)
            + " \(padded(secondOfDay / 3600)):\(padded(secondOfDay / 60 % 60)):\(padded(secondOfDay % 60))"
    }
}
