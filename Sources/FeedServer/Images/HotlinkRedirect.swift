import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging

/// The image URLs of a hotlinked photo: `/img/:id?…` answers with a redirect to the source's own image, so the
/// pixels come from the source (as Unsplash's guidelines require) while apps keep using this server's URLs.
enum HotlinkRedirect {
    /// The imgix parameters forwarded as they came (Unsplash's images are imgix; another ImageFeed server reads
    /// the same names).
    static let forwarded = ["w", "h", "fit", "crop", "q", "dpr", "fm", "auto"]

    /// Where the image asked for is at the source. `query` is the request's own parameters when it had them
    /// (`/img`); otherwise (the dialects' ladder URLs) they are written from `parsed`.
    static func location(_ hotlink: RemoteImage, _ parsed: ImageRequest, query: QueryParameters?) -> String {
        switch hotlink {
        case .imgix(let base):
            return imgix(base, parameters: query.map(forwardedPairs) ?? pairs(parsed))
        case .sized(let sizes):
            return nearest(sizes, parsed)?.url ?? ""
        }
    }

    /// The request's imgix parameters, with `fm=auto` written as imgix spells it (`auto=format`).
    static func forwardedPairs(_ query: QueryParameters) -> [(String, String)] {
        forwarded.compactMap { name -> (String, String)? in
            guard let value = query[name], !value.isEmpty else { return nil }
            return name == "fm" && value == "auto" ? ("auto", "format") : (name, value)
        }
    }

    static func pairs(_ parsed: ImageRequest) -> [(String, String)] {
        guard case .rendition(let spec, let negotiated) = parsed else { return [] }
        var pairs: [(String, String)] = []
        if let width = spec.width { pairs.append(("w", String(width))) }
        if let height = spec.height { pairs.append(("h", String(height))) }
        pairs += [("fit", spec.fit.rawValue), ("crop", spec.crop.rawValue), ("q", String(spec.quality))]
        pairs.append(negotiated ? ("auto", "format") : ("fm", spec.format.rawValue))
        return pairs
    }

    /// `base` with `parameters` set (replacing any of the same name it carries, keeping the rest, e.g. `ixid`).
    static func imgix(_ base: String, parameters: [(String, String)]) -> String {
        guard var components = URLComponents(string: base) else { return base }
        let names = Set(parameters.map(\.0))
        var items = (components.queryItems ?? []).filter { !names.contains($0.name) }
        items += parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? base
    }

    /// The smallest fixed size at least as large as asked (in pixels, `dpr` applied) — the largest when none is.
    static func nearest(_ sizes: [SizedImage], _ parsed: ImageRequest) -> SizedImage? {
        guard case .rendition(let spec, _) = parsed, spec.width != nil || spec.height != nil else { return sizes.last }
        let width = spec.width ?? 0
        let height = spec.height ?? 0
        return sizes.first { $0.width >= width && $0.height >= height } ?? sizes.last
    }

    /// The redirect itself: cacheable for a day (a source may change its image address on a later sync).
    static func response(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "public, max-age=86400"
        return Response(status: .found, headers: headers)
    }
}
