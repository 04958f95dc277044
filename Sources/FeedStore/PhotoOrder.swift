import FeedModels
import Foundation

/// Feed orders, as Unsplash names them.
public enum PhotoOrder: String, Sendable, CaseIterable {
    case latest, oldest, popular
}
