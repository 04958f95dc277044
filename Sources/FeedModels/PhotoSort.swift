/// The words the API, the store and the clients share for ordering and narrowing photo lists (``PhotoSort``,
/// ``SearchSort``, ``TopicSort``, ``PhotoOrientation``, ``PhotoColor``): one definition, so a filter a client sends
/// is one the server knows and the store can answer.

/// The order of a photo list (`order_by`).
public enum PhotoSort: String, Sendable, CaseIterable {
    case latest, oldest, popular
}
