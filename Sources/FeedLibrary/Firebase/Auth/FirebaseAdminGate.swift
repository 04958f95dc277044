/// Tells admin calls from others: the configured admin token, from loopback unless the settings allow any address.
public struct FirebaseAdminGate: Sendable {
    public let settings: FirebaseSettings

    public init(settings: FirebaseSettings) {
        self.settings = settings
    }

    /// Whether `token` (a bearer token) from `address` is the admin.
    public func admits(token: String, from address: String?) -> Bool {
        guard let adminToken = settings.adminToken, Secrets.constantTimeEqual(token, adminToken) else { return false }
        return settings.adminFromAnywhere || Self.isLoopback(address)
    }

    /// Whether an address is this machine's own: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6.
    public static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        let plain = address.hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
        return plain == "::1" || plain.hasPrefix("127.")
    }
}
