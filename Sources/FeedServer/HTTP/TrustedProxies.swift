import Foundation

/// The reverse proxies whose forwarding headers are believed: exact addresses (`127.0.0.1`, `::1`) and ranges in
/// CIDR notation (`10.0.0.0/8`, `2400:cb00::/32`) — a CDN or a cloud load balancer connects from many addresses of
/// published ranges, and naming each one is not possible.
struct TrustedProxies: Sendable {
    private let exact: Set<String>
    private let ranges: [Range]

    /// One CIDR range: the network's bytes and the prefix length.
    private struct Range: Sendable {
        let network: [UInt8]
        let prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == network.count else { return false }
            var bits = prefix
            for (a, n) in zip(address, network) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if a & mask != n & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    /// The entries that are neither an address nor a range, for the configuration's problems.
    let invalid: [String]

    init(_ entries: some Sequence<String>) {
        var exact: Set<String> = []
        var ranges: [Range] = []
        var invalid: [String] = []
        for entry in entries {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(of: parts[0]) else {
                invalid.append(entry)
                continue
            }
            if parts.count == 1 {
                exact.insert(parts[0])
                ranges.append(Range(network: bytes, prefix: bytes.count * 8))
            } else if let prefix = Int(parts[1]), (0...(bytes.count * 8)).contains(prefix) {
                ranges.append(Range(network: bytes, prefix: prefix))
            } else {
                invalid.append(entry)
            }
        }
        self.exact = exact
        self.ranges = ranges
        self.invalid = invalid
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (as a connection or a forwarding header gives it) is a trusted proxy's.
    func contains(_ address: String) -> Bool {
        if exact.contains(address) { return true }
        guard !ranges.isEmpty, let bytes = Self.bytes(of: address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address; an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) counts as
    /// its IPv4 address, as a dual-stack listener reports IPv4 peers that way.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return Array(bytes.suffix(4))
        }
        return bytes
    }
}
