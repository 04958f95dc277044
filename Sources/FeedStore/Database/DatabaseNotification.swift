/// What a ``Database/notifications(channel:)`` stream brings.
public enum DatabaseNotification: Sendable, Hashable {
    /// The listening connection is (again) open: notifications sent while it was not were lost, so whoever relies
    /// on them catches up by reading.
    case connected
    /// A notification's payload.
    case message(String)
}
