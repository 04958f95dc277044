import Foundation
import HTTPTypes

/// Who a request comes from: the connection's peer, or — when the peer is a reverse proxy the operator trusts — the
/// client the proxy names in `Forwarded` or `X-Forwarded-For`.
///
/// Rate limits and sign-in throttling count per address; behind a proxy every request's peer is the proxy, so
/// without this every user would share one budget, and one attacker's failures would lock out everyone. Headers
/// from any other peer are ignored: a client could write anything in them.
struct ClientAddress: Sendable {
    /// The proxies' own addresses and ranges (`127.0.0.1`, `::1`, `10.0.0.0/8`).
    let trustedProxies: TrustedProxies

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!

    /// The client's address: the peer itself unless it is a trusted proxy; then the nearest address in the proxy
    /// chain that is not a trusted proxy (walking the list from the right, as each proxy appends its peer).
    func resolve(peer: String?, headers: HTTPFields) -> String? {
        guard let peer, trustedProxies.contains(peer) else { return peer }
        let chain: [String]
        if let forwarded = headers[Self.forwarded] {
            chain = Self.forwardedAddresses(forwarded)
        } else if let list = headers[Self.forwardedFor] {
            chain = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } else {
            return peer
        }
        for address in chain.reversed() where !trustedProxies.contains(address) {
            return Self.isAddress(address) ? address : peer
        }
        return chain.first.flatMap { Self.isAddress($0) ? $0 : nil } ?? peer
    }

    /// The `for=` addresses of a `Forwarded` header (RFC 7239), in order; quotes, brackets and ports removed.
    static func forwardedAddresses(_ header: String) -> [String] {
        header.split(separator: ",").compactMap { element in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "for" else { continue }
                var value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
                    value = String(value[value.index(after: value.startIndex)..<close])
                } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
                    value = String(value[..<colon])
                }
                return value
            }
            return nil
        }
    }

    /// Whether `text` can be an IPv4 or IPv6 address: what a limit may be keyed by (not "unknown" or a script).
    static func isAddress(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 45 && text.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
    }
}
