import FeedModels
import Foundation
import SQLKit

/// A photo search: words, an order and filters.
public struct PhotoSearch: Sendable, Hashable {
    /// `relevant` ranks by full-text score, `latest` by date.
    public enum Order: String, Sendable, CaseIterable {
        case relevant, latest
    }

    /// Words to find; may be empty when `filter.near` is set.
    public var text: String
    public var order: Order
    public var filter: PhotoFilter

    public init(
        text: String, order: Order = .relevant, orientation: PhotoOrientation? = nil, colorName: String? = nil,
        tags: [String] = [], near: GeoQuery? = nil
    ) {
        self.text = text
        self.order = order
        self.filter = PhotoFilter(orientation: orientation, colorName: colorName, tags: tags, near: near)
    }
}
