import FeedKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers FeedKit's requests with recorded-style Unsplash responses, chosen by method, path and query, and keeps
/// every request it saw. Nothing leaves the process.
///
/// The bodies are `Fixtures/unsplash/<name>.json`: hand-written in the shapes that `unsplash-api.md` §3 documents
/// (the 2023 recordings of unsplash_rb, with the like answer and `/me` in the 2019 recordings' form), with made-up
/// ids and values. A request no route answers is recorded as a test issue.
actor RecordedTransport: HTTPTransport {
    /// One answer: status, headers and a body.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Body

        enum Body: Sendable {
            /// `Fixtures/unsplash/<name>.json`, sent as `application/json`.
            case fixture(String)
            /// A plain-text body, as Unsplash's `Rate Limit Exceeded`.
            case text(String)
        }

        /// A fixture with `status` (200 by default) and `headers` on top of the ones every answer has.
        static func json(_ fixture: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
            Answer(status: status, headers: headers, body: .fixture(fixture))
        }

        /// A plain-text body.
        static func text(_ text: String, status: Int, headers: [String: String] = [:]) -> Answer {
            Answer(status: status, headers: headers, body: .text(text))
        }

        /// A list answer's headers, as Unsplash sends them: `X-Total`, `X-Per-Page` and `Link` (absolute URLs on
        /// `api.unsplash.com`, only the relations that exist).
        static func list(_ fixture: String, total: Int, perPage: Int, links: [(relation: String, url: String)])
            -> Answer
        {
            var headers = ["X-Total": String(total), "X-Per-Page": String(perPage)]
            if !links.isEmpty {
                headers["Link"] = links.map { "<\($0.url)>; rel=\"\($0.relation)\"" }.joined(separator: ", ")
            }
            return json(fixture, headers: headers)
        }
    }

    /// Which requests an answer is for: a method and path, and the query items that must be present.
    struct Route: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var answer: Answer

        static func get(_ path: String, query: [String: String] = [:], _ answer: Answer) -> Route {
            Route(method: "GET", path: path, query: query, answer: answer)
        }

        static func post(_ path: String, query: [String: String] = [:], _ answer: Answer) -> Route {
            Route(method: "POST", path: path, query: query, answer: answer)
        }

        func matches(_ request: URLRequest) -> Bool {
            guard let url = request.url, request.httpMethod == method, url.path == path else { return false }
            let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
            return query.allSatisfy { name, value in items.contains { $0.name == name && $0.value == value } }
        }
    }

    /// The rate limit reported in `X-Ratelimit-Limit`; `X-Ratelimit-Remaining` counts down from it per request.
    static let rateLimit = 5000

    private let routes: [Route]
    /// Every request, in order.
    private(set) var requests: [URLRequest] = []

    init(_ routes: [Route]) {
        self.routes = routes
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        requests.append(request)
        let description = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?")"
        // The route naming the most query items wins, so `page=2` beats the bare path.
        guard let route = routes.filter({ $0.matches(request) }).max(by: { $0.query.count < $1.query.count }) else {
            Issue.record("No recorded answer for \(description)")
            throw UnrecordedRequest(description: description)
        }
        var headers = [
            "X-Ratelimit-Limit": String(Self.rateLimit),
            "X-Ratelimit-Remaining": String(Self.rateLimit - requests.count),
        ]
        let body: Data
        switch route.answer.body {
        case .fixture(let name):
            guard
                let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/unsplash")
            else {
                Issue.record("No fixture Fixtures/unsplash/\(name).json")
                throw UnrecordedRequest(description: description)
            }
            body = try Data(contentsOf: url)
            headers["Content-Type"] = "application/json"
        case .text(let text):
            body = Data(text.utf8)
            headers["Content-Type"] = "text/plain; charset=utf-8"
        }
        headers.merge(route.answer.headers) { $1 }
        let response = HTTPURLResponse(
            url: request.url!, statusCode: route.answer.status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (body, response)
    }

    /// The request the test did not prepare an answer for.
    struct UnrecordedRequest: Error, CustomStringConvertible {
        let description: String
    }
}
