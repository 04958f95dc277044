import Foundation

/// Topic list orders, as Unsplash names them.
public enum TopicOrder: String, Sendable, CaseIterable {
    /// Featured topics first, then by position.
    case featured
    case latest, oldest
    /// By the administrator's position, then oldest first.
    case position
}
