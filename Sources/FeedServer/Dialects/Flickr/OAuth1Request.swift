import Crypto
import FeedLibrary
import Foundation
import Hummingbird

/// A request as OAuth 1.0a (RFC 5849) sees it: its parameters from the query, the form body and the `OAuth`
/// `Authorization` header, and the HMAC-SHA1 signature over them. Flickr signs every call this way (flickrapi signs
/// even public methods), with the consumer secret and, once signed in, the token secret.
struct OAuth1Request: Sendable {
    /// Query and form parameters, in order, decoded.
    let parameters: [(name: String, value: String)]
    /// The `oauth_*` parameters, from the header or else from the query and body.
    let oauth: [String: String]
    let method: String
    /// The URL the client called, without the query, as it entered it in the signature base string.
    let url: String

    /// The first value of each parameter.
    var values: [String: String] {
        Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    var isSigned: Bool { oauth["oauth_signature"] != nil }
    var consumerKey: String? { oauth["oauth_consumer_key"] }
    var token: String? { oauth["oauth_token"] }

    /// Reads the parameters of `request`; the body is read when it is a form (at most `maxBody` bytes).
    static func read(_ request: Request, origin: String, maxBody: Int) async throws -> OAuth1Request {
        var pairs = QueryParameters(request.uri.query).pairs
        var request = request
        if request.method == .post,
            request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        {
            let body = try await request.collectBody(upTo: maxBody)
            pairs += QueryParameters(String(buffer: body)).pairs
        }
        var oauth: [String: String] = [:]
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("oauth ") {
            // Signed in the header: every query and body parameter is an ordinary one.
            oauth = Self.headerParameters(String(header.dropFirst(6)))
        } else {
            for pair in pairs where pair.name.hasPrefix("oauth_") && oauth[pair.name] == nil {
                oauth[pair.name] = pair.value
            }
            pairs.removeAll { $0.name.hasPrefix("oauth_") }
        }
        return OAuth1Request(
            parameters: pairs, oauth: oauth, method: request.method.rawValue, url: origin + request.uri.path)
    }

    /// `oauth_consumer_key="…", oauth_signature="…"` into its parameters (`realm` left out).
    static func headerParameters(_ header: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            let name = pieces[0].trimmingCharacters(in: .whitespaces)
            var value = pieces[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard name != "realm" else { continue }
            parameters[name] = value.removingPercentEncoding ?? value
        }
        return parameters
    }

    /// The signature base string (RFC 5849 §3.4.1): method, URL, and every parameter but the signature, encoded
    /// and sorted.
    var baseString: String {
        let all = parameters + oauth.filter { $0.key != "oauth_signature" }.map { (name: $0.key, value: $0.value) }
        let encoded: [(name: String, value: String)] = all.map { (Self.encode($0.name), Self.encode($0.value)) }
        let sorted = encoded.sorted { (a: (name: String, value: String), b: (name: String, value: String)) -> Bool in
            a.name != b.name ? a.name < b.name : a.value < b.value
        }
        let normalized = sorted.map { (pair: (name: String, value: String)) -> String in pair.name + "=" + pair.value }
            .joined(separator: "&")
        return [method.uppercased(), Self.encode(url), Self.encode(normalized)].joined(separator: "&")
    }

    /// Whether the signature is the HMAC-SHA1 of the base string under the two secrets.
    func hasValidSignature(consumerSecret: String, tokenSecret: String) -> Bool {
        guard oauth["oauth_signature_method"]?.uppercased() == "HMAC-SHA1", let signature = oauth["oauth_signature"]
        else { return false }
        let expected = Self.sign(baseString, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        return Secrets.constantTimeEqual(expected, signature)
    }

    static func sign(_ base: String, consumerSecret: String, tokenSecret: String) -> String {
        let key = SymmetricKey(data: Data((encode(consumerSecret) + "&" + encode(tokenSecret)).utf8))
        return Data(HMAC<Insecure.SHA1>.authenticationCode(for: Data(base.utf8), using: key)).base64EncodedString()
    }

    /// RFC 3986 percent-encoding: everything but unreserved characters.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
