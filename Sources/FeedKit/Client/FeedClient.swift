import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of the ImageFeed API, which is the Unsplash API: the same calls work against this server and against
/// `https://api.unsplash.com`.
///
/// A client is a value: make one per set of credentials (``withCredentials(_:)``) and share it freely between tasks.
/// Every call is an `async` function that returns FeedModels' types and throws ``FeedError``.
///
/// ```swift
/// let client = FeedClient(baseURL: URL(string: "https://photos.example.org")!, credentials: .publicKey(key))
/// for try await page in client.photos(perPage: 30) {
///     show(page.items)
/// }
/// ```
public struct FeedClient: Sendable {
    /// The API's root, e.g. `https://photos.example.org` or `https://api.unsplash.com`.
    public let baseURL: URL
    /// What every request is sent with.
    public let credentials: Credentials
    /// How requests travel.
    public let transport: any HTTPTransport

    /// Unsplash's API host; its sign-in pages are on ``unsplashAuthorizationURL``.
    public static let unsplashAPIURL = URL(string: "https://api.unsplash.com")!
    /// Unsplash's sign-in host.
    public static let unsplashAuthorizationURL = URL(string: "https://unsplash.com")!

    public init(baseURL: URL, credentials: Credentials = .none, transport: any HTTPTransport = URLSessionTransport()) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
    }

    /// The same client with other credentials, e.g. after signing in.
    public func withCredentials(_ credentials: Credentials) -> FeedClient {
        FeedClient(baseURL: baseURL, credentials: credentials, transport: transport)
    }

    /// The host of the sign-in pages and token endpoint: Unsplash keeps them on `unsplash.com`, ImageFeed on the
    /// API's own host.
    public var authorizationBaseURL: URL {
        baseURL.host == Self.unsplashAPIURL.host ? Self.unsplashAuthorizationURL : baseURL
    }
}

// MARK: - Requests

extension FeedClient {
    /// The URL of `operation` with its path parameters and query.
    func url(_ operation: FeedOperation, _ parameters: [String] = [], query: [URLQueryItem] = []) -> URL {
        let base = operation.isOnAuthorizationHost ? authorizationBaseURL : baseURL
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = prefix + operation.path(parameters)
        let items = query.filter { $0.value != nil }
        if !items.isEmpty { components.percentEncodedQuery = Self.encodeQuery(items) }
        return components.url!
    }

    /// `name=value&…` with everything but unreserved characters percent-encoded (`+` and `&` included, which
    /// `URLComponents.queryItems` leaves alone).
    static func encodeQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = item.name.addingPercentEncoding(withAllowedCharacters: FeedOperation.segmentCharacters)
            let value = (item.value ?? "").addingPercentEncoding(withAllowedCharacters: FeedOperation.segmentCharacters)
            return "\(name ?? item.name)=\(value ?? "")"
        }.joined(separator: "&")
    }

    /// Sends a request and returns the body and response of a success; throws ``FeedError`` for an error answer.
    func send(
        _ method: String, _ url: URL, body: RequestBody? = nil, authorized: Bool = true
    ) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await roundTrip(method, url, body: body, authorized: authorized)
        if let error = FeedError.from(response, body: data) {
            throw error
        }
        return (data, response)
    }

    /// Sends a request and returns the answer, whatever its status.
    func roundTrip(
        _ method: String, _ url: URL, body: RequestBody? = nil, authorized: Bool = true,
        accept: String = "application/json"
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        if authorized, let authorization = credentials.authorization {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        switch body {
        case .json(let data):
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = data
        case .form(let pairs):
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(Self.encodeQuery(pairs.map { URLQueryItem(name: $0.0, value: $0.1) }).utf8)
        case .multipart(let multipart):
            request.setValue(multipart.contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = multipart.data
        case nil:
            break
        }
        return try await transport.send(request)
    }

    /// Calls `operation` and decodes its JSON answer.
    func call<Result: Decodable>(
        _ operation: FeedOperation, _ parameters: [String] = [], query: [URLQueryItem] = [],
        body: RequestBody? = nil, as type: Result.Type = Result.self
    ) async throws -> Result {
        let (data, _) = try await send(operation.method, url(operation, parameters, query: query), body: body)
        return try Self.decode(Result.self, from: data, operation: operation.rawValue)
    }

    /// Calls `operation` for its effect, ignoring the body of the answer.
    func perform(
        _ operation: FeedOperation, _ parameters: [String] = [], query: [URLQueryItem] = [], body: RequestBody? = nil
    ) async throws {
        _ = try await send(operation.method, url(operation, parameters, query: query), body: body)
    }

    static func decode<Result: Decodable>(_ type: Result.Type, from data: Data, operation: String) throws -> Result {
        do {
            return try FeedJSON.makeDecoder().decode(Result.self, from: data)
        } catch {
            throw FeedError.invalidResponse("The answer to \(operation) could not be read: \(Self.describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(Self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decoding)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the body" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
