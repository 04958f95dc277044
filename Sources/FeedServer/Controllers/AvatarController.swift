import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging

/// `/avatars/:username?w=&h=`: the uploaded avatar as a square rendition cropped around what draws the eye, or a
/// generated default — the user's initials on a colour derived from the username.
struct AvatarController: Sendable {
    let store: LibraryStore
    let renditions: RenditionService

    func addRoutes(to images: RouteGroup) {
        images.get("/avatars/:username", use: get)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let username = try context.parameters.require("username")
        guard let user = try await store.user(username: username) else { throw APIError.notFound("User") }
        // Both sizes are checked before choosing between the drawn avatar and the rendition: a bad one is refused
        // the same whoever it is asked of.
        let query = QueryParameters(request.uri.query)
        let width = try ImageParameters.dimension(query, "w")
        let height = try ImageParameters.dimension(query, "h")
        var headers = HTTPFields()
        guard let sha256 = user.avatarSHA256, let format = user.avatarFormat else {
            headers[.contentType] = "image/svg+xml"
            headers[.cacheControl] = "public, max-age=3600"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: Self.svg(for: user))))
        }
        let size = min(512, max(16, width ?? height ?? 128))
        let spec = RenditionSpec(width: size, height: size, fit: .crop, crop: .attention, quality: 85, format: .jpeg)
        let bytes = try await renditions.rendition(
            original: StoredOriginal(sha256: sha256, format: format),
            cacheID: LibraryFiles.avatarCacheID(sha256: sha256),
            mezzanine: false, spec: spec)
        headers[.contentType] = "image/jpeg"
        headers[.eTag] = "\"\(sha256.prefix(20))-\(size)\""
        headers[.cacheControl] = "public, max-age=86400"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func svg(for user: UserRecord) -> String {
        let initials = [user.firstName, user.lastName ?? ""].compactMap(\.first).map(String.init).joined()
        let label = (initials.isEmpty ? String(user.username.prefix(1)) : initials).uppercased()
        var hash: UInt32 = 2_166_136_261
        for byte in user.username.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = hash % 360
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">\
            <rect width="128" height="128" fill="hsl(\(hue),45%,45%)"/>\
            <text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" \
            font-size="52" fill="#fff">\(HTMLPage.escape(label))</text></svg>
            """
    }
}
