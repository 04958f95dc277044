import Foundation

/// An imgix-style rendition of an image URL: size, fit, crop, quality, format and pixel ratio.
///
/// Works on this server's `urls.raw` (`/img/:id`) and on Unsplash's `images.unsplash.com` URLs alike: the
/// parameters are imgix's. Parameters the URL already has (`ixid`, `ixlib`) are kept; those set here replace theirs.
///
/// ```swift
/// let url = ImageRendition(width: 400, height: 400, fit: .crop, dpr: 3).url(photo.urls.raw)
/// ```
public struct ImageRendition: Sendable, Hashable {
    /// How the image fills `width` × `height`.
    public enum Fit: String, Sendable, CaseIterable {
        /// Inside the box, keeping the aspect ratio (imgix's default).
        case clip
        /// Like `clip`, never enlarging.
        case max
        /// Fills the box and cuts what overflows (see ``Crop``).
        case crop
        /// Inside the box, padded to its size.
        case fill
        /// Exactly the box, stretched.
        case scale
    }

    /// Which part a `crop` keeps.
    public enum Crop: String, Sendable, CaseIterable {
        case entropy, attention, faces, edges, center, top, bottom, left, right
    }

    /// The encoding of the rendition.
    public enum Format: String, Sendable, CaseIterable {
        case jpg, pjpg, png, webp, avif
    }

    /// In points (multiplied by ``dpr`` on the server), 1 to 8192.
    public var width: Int?
    public var height: Int?
    public var fit: Fit?
    public var crop: [Crop]
    /// 1 to 100.
    public var quality: Int?
    /// `nil` keeps the server's choice; ``auto`` picks the best the client accepts.
    public var format: Format?
    /// Asks the server to pick AVIF, WebP or JPEG from the request's `Accept` (`auto=format`).
    public var auto: Bool
    /// The screen's scale, 1 to 8.
    public var dpr: Double?

    public init(
        width: Int? = nil, height: Int? = nil, fit: Fit? = nil, crop: [Crop] = [], quality: Int? = nil,
        format: Format? = nil, auto: Bool = false, dpr: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.fit = fit
        self.crop = crop
        self.quality = quality
        self.format = format
        self.auto = auto
        self.dpr = dpr
    }

    /// The query parameters this rendition sets, in a stable order.
    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let width { items.append(URLQueryItem(name: "w", value: String(width))) }
        if let height { items.append(URLQueryItem(name: "h", value: String(height))) }
        if let fit { items.append(URLQueryItem(name: "fit", value: fit.rawValue)) }
        if !crop.isEmpty {
            items.append(URLQueryItem(name: "crop", value: crop.map(\.rawValue).joined(separator: ",")))
        }
        if let quality { items.append(URLQueryItem(name: "q", value: String(quality))) }
        if let format { items.append(URLQueryItem(name: "fm", value: format.rawValue)) }
        if auto { items.append(URLQueryItem(name: "auto", value: "format")) }
        if let dpr {
            let text = dpr == dpr.rounded() ? String(Int(dpr)) : String(dpr)
            items.append(URLQueryItem(name: "dpr", value: text))
        }
        return items
    }

    /// `base` with this rendition's parameters in place of any it had.
    public func url(_ base: URL) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return base }
        let mine = queryItems
        let names = Set(mine.map(\.name))
        let kept = (components.queryItems ?? []).filter { !names.contains($0.name) }
        let all = kept + mine
        components.percentEncodedQuery = all.isEmpty ? nil : FeedClient.encodeQuery(all)
        return components.url ?? base
    }

    /// `raw` (a photo's `urls.raw`, as a string) with this rendition's parameters.
    public func url(_ raw: String) -> URL? {
        URL(string: raw).map(url)
    }
}

extension Photo {
    /// This photo cut to `rendition`.
    public func url(_ rendition: ImageRendition) -> URL? {
        rendition.url(urls.raw)
    }
}
