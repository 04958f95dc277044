import FeedLibrary
import Firebase
import Foundation
import HTTPTypes
import Hummingbird

/// A REST request to the database, read from its URL and headers with Firebase's parameters
/// (https://firebase.google.com/docs/reference/rest/database): the method (after `X-HTTP-Method-Override`), the
/// namespace, the path, and every option; each malformed one is refused with its reason.
struct DatabaseRESTRequest: Sendable {
    var method: HTTPRequest.Method
    var namespace: String
    var path: DatabasePath
    var parameters: QueryParameters
    /// `print=pretty`.
    var pretty = false
    /// `print=silent`: writes (and reads) answer 204 with no body.
    var silent = false
    /// `format=export`: priorities included.
    var format = DatabaseJSONFormat.values
    /// `shallow=true`.
    var shallow = false
    var query = DatabaseQuery()
    /// `callback=`: the answer as JSONP.
    var callback: String?
    /// `download=`: the answer as a file of that name.
    var download: String?
    /// `timeout=`: how long a read may take.
    var timeout: Duration?
    var writeSizeLimit: WriteSizeLimit?
    /// `X-Firebase-ETag: true`.
    var wantsETag = false
    var ifMatch: String?
    var ifNoneMatch: String?
    /// `Accept: text/event-stream`.
    var streaming = false

    static let methodOverride = HTTPField.Name("X-HTTP-Method-Override")!
    static let firebaseETag = HTTPField.Name("X-Firebase-ETag")!

    /// The longest `timeout` Firebase allows.
    static let maximumTimeout: Duration = .seconds(15 * 60)

    init(_ request: Request, defaultNamespace: String, namespaceFromHost: Bool) throws(DatabaseServiceError) {
        parameters = QueryParameters(request.uri.query)
        method = request.method
        if method == .post {
            let override = request.headers[Self.methodOverride] ?? parameters["x-http-method-override"]
            if let override {
                guard let overridden = HTTPRequest.Method(override.uppercased()),
                    [.get, .put, .post, .patch, .delete].contains(overridden)
                else {
                    throw DatabaseServiceError(
                        status: 400,
                        "X-HTTP-Method-Override must be GET, PUT, POST, PATCH or DELETE, not \"\(override)\".")
                }
                method = overridden
            }
        }
        namespace = Self.namespace(
            parameters: parameters, authority: request.head.authority ?? request.headers[.host],
            defaultNamespace: defaultNamespace, fromHost: namespaceFromHost)
        path = try Self.path(request.uri.path)
        try readOptions(request)
    }

    /// The namespace: `ns`, else the host's first label (`<ns>.example.com`), else the default.
    static func namespace(
        parameters: QueryParameters, authority: String?, defaultNamespace: String, fromHost: Bool
    ) -> String {
        namespace(ns: parameters["ns"], authority: authority, defaultNamespace: defaultNamespace, fromHost: fromHost)
    }

    /// The namespace of a request whose `ns` parameter is `ns` (the WebSocket protocol's `/.ws?ns=` too).
    static func namespace(ns: String?, authority: String?, defaultNamespace: String, fromHost: Bool) -> String {
        if let ns, !ns.isEmpty { return ns }
        guard fromHost, var host = authority?.lowercased() else { return defaultNamespace }
        if host.hasPrefix("[") { return defaultNamespace }  // an IPv6 address
        if let colon = host.firstIndex(of: ":") { host = String(host[..<colon]) }
        let labels = host.split(separator: ".")
        guard labels.count >= 2, let first = labels.first,
            !labels.allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return defaultNamespace }
        return String(first)
    }

    /// The database path of a URL path: percent-escapes decoded per key, `.json` removed.
    static func path(_ urlPath: String) throws(DatabaseServiceError) -> DatabasePath {
        guard urlPath.hasSuffix(".json") else {
            throw DatabaseServiceError(
                status: 404, "Not found: the database's REST paths end in .json (for example /users/ada.json).")
        }
        do {
            return try DatabasePath(percentEncoded: String(urlPath.dropLast(5)), allowingPriority: true)
        } catch {
            throw DatabaseServiceError(error)
        }
    }

    private mutating func readOptions(_ request: Request) throws(DatabaseServiceError) {
        switch parameters["print"] {
        case nil: break
        case "pretty": pretty = true
        case "silent": silent = true
        case let other?:
            throw DatabaseServiceError(status: 400, "print must be \"pretty\" or \"silent\", not \"\(other)\".")
        }
        switch parameters["format"] {
        case nil: break
        case "export": format = .export
        case let other?: throw DatabaseServiceError(status: 400, "format must be \"export\", not \"\(other)\".")
        }
        switch parameters["shallow"] {
        case nil, "false": break
        case "true": shallow = true
        case let other?: throw DatabaseServiceError(status: 400, "shallow must be true or false, not \"\(other)\".")
        }
        var queryParameters: [String: String] = [:]
        for name in DatabaseQuery.restParameterNames.union(["shallow"]) { queryParameters[name] = parameters[name] }
        do {
            query = try DatabaseQuery(restParameters: queryParameters)
        } catch {
            throw DatabaseServiceError(error)
        }
        if let callback = parameters["callback"] {
            guard Self.isCallbackName(callback) else {
                throw DatabaseServiceError(
                    status: 400, "callback must be a JavaScript function name (letters, digits, _, $ and dots).")
            }
            self.callback = callback
        }
        if let download = parameters["download"] {
            guard !download.isEmpty, !download.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) else {
                throw DatabaseServiceError(status: 400, "download must be a file name without quotes or line breaks.")
            }
            self.download = download
        }
        if let text = parameters["timeout"] {
            guard let timeout = Self.duration(text), timeout > .zero, timeout <= Self.maximumTimeout else {
                throw DatabaseServiceError(
                    status: 400,
                    "timeout must be a number followed by ms, s or min, at most 15min (for example 3s), not \"\(text)\"."
                )
            }
            self.timeout = timeout
        }
        if let text = parameters["writeSizeLimit"] {
            guard let limit = WriteSizeLimit(rawValue: text) else {
                throw DatabaseServiceError(
                    status: 400, "writeSizeLimit must be tiny, small, medium, large or unlimited, not \"\(text)\".")
            }
            writeSizeLimit = limit
        }
        wantsETag = request.headers[Self.firebaseETag]?.lowercased() == "true"
        ifMatch = request.headers[.ifMatch]
        ifNoneMatch = request.headers[.ifNoneMatch]
        streaming = request.headers[values: .accept].contains { $0.lowercased().contains("text/event-stream") }
    }

    /// `3ms`, `10s`, `2min`.
    static func duration(_ text: String) -> Duration? {
        let digits = text.prefix(while: \.isNumber)
        guard !digits.isEmpty, digits.count <= 9, let value = Int64(digits) else { return nil }
        switch text.dropFirst(digits.count) {
        case "ms": return .milliseconds(value)
        case "s": return .seconds(value)
        case "min": return .seconds(value * 60)
        default: return nil
        }
    }

    static func isCallbackName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 128 else { return false }
        func word(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
        }
        return word(first)
            && name.unicodeScalars.allSatisfy { word($0) || ("0"..."9").contains($0) || $0 == "." }
            && !name.hasSuffix(".") && !name.contains("..")
    }
}
