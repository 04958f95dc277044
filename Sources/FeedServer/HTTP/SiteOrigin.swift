import Foundation
import HTTPTypes

/// The origin (`scheme://host[:port]`) a request is for: the configured public URL, or else the name the client
/// used, when it is one this server answers to.
///
/// Without a public URL, the name comes from the request's `Host`, which a page on another site can choose by DNS
/// rebinding: `evil.example` made to resolve to this server's address sends `Host: evil.example` and
/// `Origin: http://evil.example`, which would then agree and pass the cross-site check. So only names that cannot
/// be rebound are taken as they come — IP addresses, `localhost`, the machine's own name — and others must be
/// listed (`--allowed-host`); a request for any other name is refused with a 421 before it reaches a route.
/// `X-Forwarded-Proto` is read only from a trusted proxy (`--trusted-proxy`), like the client's address.
struct SiteOrigin: Sendable {
    /// The configured public URL without a trailing slash, or nil to use each request's host.
    let publicOrigin: String?
    /// Host names (lowercased, without port) accepted besides IP addresses and local names; `.example.com` also
    /// accepts every name under it.
    let allowedHosts: Set<String>
    let trustedProxies: TrustedProxies

    init(
        publicURL: String?, allowedHosts: [String] = [], trustedProxies: TrustedProxies = TrustedProxies([]),
        machineName: String? = nil
    ) {
        publicOrigin = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var hosts = Set(allowedHosts.map { $0.lowercased() })
        if let name = (machineName ?? Self.machineName())?.lowercased(), !name.isEmpty {
            hosts.formUnion([name, name + ".local"])
        }
        self.allowedHosts = hosts
        self.trustedProxies = trustedProxies
    }

    /// The request's origin, or nil when its host is not one this server answers to.
    func origin(of request: HTTPRequest, peer: String?) -> String? {
        if let publicOrigin { return publicOrigin }
        let host = Self.host(of: request) ?? "localhost"
        guard answers(to: host) else { return nil }
        let secure = peer.map(trustedProxies.contains) == true && request.headerFields[.forwardedProto] == "https"
        return (secure ? "https://" : "http://") + host
    }

    /// The refusal of a request for a name this server does not answer to.
    func misdirected(_ request: HTTPRequest) -> APIError {
        let host = Self.host(of: request) ?? ""
        return APIError(
            .init(code: 421, reasonPhrase: "Misdirected Request"),
            "This server does not answer to the name \(Self.name(of: host)). To serve it under that name, start it "
                + "with --public-url or --allowed-host.")
    }

    /// The name the client asked for, port included: HTTP/2's authority or HTTP/1's `Host`.
    static func host(of request: HTTPRequest) -> String? {
        request.authority ?? request.headerFields[.host]
    }

    /// Whether `host` (a `Host` value, port included) names this server. Asked on every request, the fast path's
    /// included, so it reads bytes: Character-level string work was a tenth of a cached thumbnail's cost.
    func answers(to host: String) -> Bool {
        var name = Self.name(of: host)
        if name.utf8.contains(where: { (0x41...0x5A).contains($0) || $0 >= 0x80 }) { name = name.lowercased() }
        if name == "localhost" || name.hasSuffix(".localhost") || Self.isAddressLiteral(name) { return true }
        if allowedHosts.contains(name) { return true }
        return allowedHosts.contains { $0.hasPrefix(".") && (name.hasSuffix($0) || "." + name == $0) }
    }

    /// `host` without its port: `[::1]:8080` is `[::1]`, `example.com:80` is `example.com`.
    static func name(of host: String) -> String {
        let bytes = host.utf8
        if bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) {
            return String(host[...close])
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return host }
        return String(host[..<colon])
    }

    /// Whether `name` is an IPv4 address or a bracketed IPv6 address: no DNS answer can stand behind one.
    static func isAddressLiteral(_ name: String) -> Bool {
        let bytes = name.utf8
        if bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") {
            return bytes.dropFirst().dropLast().allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20) || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: ".")
            }
        }
        // Four dot-separated decimal numbers of one to three digits, each at most 255.
        var dots = 0
        var digits = 0
        var value = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return false }
                dots += 1
                digits = 0
                value = 0
            } else if (0x30...0x39).contains(byte) {
                digits += 1
                value = value * 10 + Int(byte - 0x30)
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return dots == 3 && digits > 0
    }

    /// The machine's host name, which people on its network may reach it by.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
