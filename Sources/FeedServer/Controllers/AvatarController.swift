import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/avatars/:username`: a generated default avatar — the user's initials on a colour derived from the username —
/// until avatar upload lands.
struct AvatarController: Sendable {
    let store: LibraryStore

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/avatars/:username", use: get)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let username = try context.parameters.require("username")
        guard let user = try await store.user(username: username) else { throw APIError.notFound("User") }
        let svg = Self.svg(for: user)
        var headers = HTTPFields()
        headers[.contentType] = "image/svg+xml"
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    static func svg(for user: UserRecord) -> String {
        let initials = [user.firstName, user.lastName ?? ""].compactMap(\.first).map(String.init).joined()
        let label = (initials.isEmpty ? String(user.username.prefix(1)) : initials).uppercased()
        var hash: UInt32 = 2_166_136_261
        for byte in user.username.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = hash % 360
        let escaped = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">\
            <rect width="128" height="128" fill="hsl(\(hue),45%,45%)"/>\
            <text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" \
            font-size="52" fill="#fff">\(escaped)</text></svg>
            """
    }
}
