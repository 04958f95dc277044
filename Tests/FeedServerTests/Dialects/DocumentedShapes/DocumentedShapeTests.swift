import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The regression net of the dialects: every method (Flickr) or route (Pixabay, JSONPlaceholder, Unsplash) listed
/// in `Tests/Fixtures/Dialects/*/` is called on a library that has something in every member, and every member the
/// services' documented answers have must be in the server's, with the documented type (see `SOURCES.md` there).
/// A client that works against the real service must not find a member missing here.
@Suite("Documented answers")
struct DocumentedShapeTests {
    struct FlickrCall: Decodable {
        var method: String
        var parameters: [String: String]
        var fixtures: [String]
        var absent: [String: String]?
        var signed: String?
    }

    struct RouteCall: Decodable {
        var path: String
        var fixtures: [String]
        var absent: [String: String]?
    }

    static func manifest<T: Decodable>(_ dialect: String, _ file: String, as type: T.Type) throws -> T {
        let url = DocumentedLibrary.fixtures.appendingPathComponent(dialect).appendingPathComponent(file)
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    static func documented(_ dialect: String, _ file: String) throws -> DocumentedShape {
        let data = try Data(
            contentsOf: DocumentedLibrary.fixtures.appendingPathComponent(dialect).appendingPathComponent(file))
        return file.hasSuffix(".xml") ? try DocumentedShape.xml(data) : try DocumentedShape.json(data)
    }

    /// Flickr's members documented as "string or number" (reference §0.4).
    static let flickrFlexible = ["total", "height_*", "width_*", "latitude", "longitude", "o_width", "o_height"]

    @Test func every_flickr_method_has_documented_answers_and_every_documented_method_is_served() throws {
        let calls = try Self.manifest("flickr", "methods.json", as: [FlickrCall].self)
        #expect(Set(calls.map(\.method)) == Set(FlickrController.methods.map(\.name)))
        #expect(calls.allSatisfy { !$0.fixtures.isEmpty })
    }

    @Test func flickr_answers_have_every_documented_member_in_xml_and_json() async throws {
        try await withTestServer { server in
            // setup
            let library = try await DocumentedLibrary.make(on: server)
            let calls = try Self.manifest("flickr", "methods.json", as: [FlickrCall].self)

            for call in calls {
                // act: the call in both formats
                var answers: [(String, DocumentedShape)] = []
                for format in ["rest", "json"] {
                    var form = call.parameters.map { ($0.key, library.fill($0.value)) }.sorted { $0.0 < $1.0 }
                    form += [("method", call.method), ("format", format)]
                    if format == "json" { form.append(("nojsoncallback", "1")) }
                    let token =
                        switch call.signed {
                        case "read": library.readToken
                        case "write": library.writeToken
                        default: (String, String)?.none
                        }
                    let request = FlickrDialectTests.signed(
                        form, key: library.app.key, secret: library.oauth1Secret, token: token)
                    let response = try await server.client.send(
                        .post, "/services/rest", headers: request.headers, body: request.body)
                    #expect(
                        !response.text.contains("stat=\"fail\"") && !response.text.contains("\"stat\":\"fail\""),
                        "\(call.method) (\(format)) failed: \(response.text)")
                    let data = Data(response.bytes)
                    answers.append(
                        (format, format == "rest" ? try DocumentedShape.xml(data) : try DocumentedShape.json(data)))
                    // favorites.add changes the library; its twin favorites.remove puts it back, in one format only.
                    if call.method.hasPrefix("flickr.favorites.add") || call.method.hasPrefix("flickr.favorites.remove")
                    {
                        break
                    }
                }

                // assert
                for fixture in call.fixtures {
                    let documented = try Self.documented("flickr", fixture)
                    for (format, answer) in answers {
                        let rules = DocumentedShape.Rules(
                            absent: call.absent ?? [:], flexibleScalars: Self.flickrFlexible,
                            answerIsXML: format == "rest")
                        let problems = documented.problems(in: answer, rules: rules)
                        #expect(
                            problems.isEmpty,
                            "\(call.method) (\(format)) against \(fixture):\n\(problems.joined(separator: "\n"))")
                    }
                }
            }
        }
    }

    /// Calls each route of `dialect`'s `requests.json` and checks its answer against the documented ones.
    static func checkRoutes(
        _ dialect: String, headers: HTTPFields = [:], on server: TestServer, library: DocumentedLibrary
    )
        async throws
    {
        for call in try manifest(dialect, "requests.json", as: [RouteCall].self) {
            let path = library.fill(call.path)
            let response = try await server.client.get(path, headers: headers)
            try #require(response.status == .ok, "\(path): \(response.status) \(response.text)")
            let answer = try DocumentedShape.json(Data(response.bytes))
            for fixture in call.fixtures {
                let problems = try documented(dialect, fixture).problems(
                    in: answer, rules: .init(absent: call.absent ?? [:]))
                #expect(problems.isEmpty, "\(path) against \(fixture):\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    @Test func pixabay_answers_have_every_documented_member() async throws {
        try await withTestServer { server in
            let library = try await DocumentedLibrary.make(on: server)
            try await Self.checkRoutes("pixabay", on: server, library: library)
        }
    }

    @Test func jsonplaceholder_answers_have_every_documented_member() async throws {
        try await withTestServer { server in
            let library = try await DocumentedLibrary.make(on: server)
            try await Self.checkRoutes("jsonplaceholder", on: server, library: library)
        }
    }

    @Test func unsplash_answers_have_every_documented_member() async throws {
        try await withTestServer { server in
            let library = try await DocumentedLibrary.make(on: server)
            try await Self.checkRoutes("unsplash", on: server, library: library)
        }
    }
}
