import Imaging

/// An `/img` request: what to render, or the original as it was uploaded.
enum ImageRequest: Sendable, Hashable {
    case original
    case rendition(RenditionSpec, negotiated: Bool)
}
