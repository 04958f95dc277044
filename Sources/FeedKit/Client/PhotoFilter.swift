import Foundation

/// Narrows a photo list or search: shape, colour, tags and a circle around a place. ImageFeed extensions on the
/// feed; Unsplash honours `orientation` and `color` on search only.
public struct PhotoFilter: Sendable, Hashable {
    public var orientation: PhotoOrientation?
    public var color: PhotoColor?
    /// Photos carrying every one of these tags.
    public var tags: [String]
    /// Photos taken in this circle.
    public var near: GeoCircle?

    public init(
        orientation: PhotoOrientation? = nil, color: PhotoColor? = nil, tags: [String] = [],
        near: GeoCircle? = nil
    ) {
        self.orientation = orientation
        self.color = color
        self.tags = tags
        self.near = near
    }

    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let orientation { items.append(URLQueryItem(name: "orientation", value: orientation.rawValue)) }
        if let color { items.append(URLQueryItem(name: "color", value: color.rawValue)) }
        if !tags.isEmpty { items.append(URLQueryItem(name: "tags", value: tags.joined(separator: ","))) }
        if let near {
            items.append(URLQueryItem(name: "lat", value: String(near.latitude)))
            items.append(URLQueryItem(name: "lon", value: String(near.longitude)))
            items.append(URLQueryItem(name: "radius", value: String(near.radius)))
        }
        return items
    }
}
