import Foundation

extension Date {
    /// Whole seconds since 1970.
    public var storedSecondsSince1970: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// Whole milliseconds since 1970, as Firebase's timestamps count.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}
