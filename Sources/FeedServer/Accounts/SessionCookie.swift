import Foundation
import HTTPTypes
import Hummingbird

/// The web session cookie: HttpOnly, SameSite=Lax, Secure over https, 30 days, renewed as it is used.
enum SessionCookie {
    static let name = "imagefeed_session"
    static let lifetime: TimeInterval = 30 * 24 * 3600
    /// Renew the expiry when less than this is left, so an active person stays signed in without a database
    /// write on every request.
    static let renewWhenLeft: TimeInterval = 29 * 24 * 3600

    static func make(value: String, secure: Bool) -> Cookie {
        Cookie(
            name: name, value: value, maxAge: Int(lifetime), path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func cleared(secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
