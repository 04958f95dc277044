import Foundation

/// `GET /photos/:id/download` → `{"url": "…"}`.
public struct DownloadLink: Codable, Sendable, Hashable {
    public var url: String

    public init(url: String) {
        self.url = url
    }
}
