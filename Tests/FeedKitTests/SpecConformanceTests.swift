import Foundation
import Testing

@testable import FeedKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// FeedKit's requests are checked against `openapi.yaml`, the contract of the server.
@Suite("The spec")
struct SpecConformanceTests {
    /// `operationId` → (method, path) of every operation in `openapi.yaml`.
    static func operations() throws -> [String: (method: String, path: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var operations: [String: (String, String)] = [:]
        var path: String?
        var method: String?
        var inPaths = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" {
                inPaths = true
                continue
            }
            guard inPaths else { continue }
            if !line.hasPrefix(" "), !line.isEmpty { break }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                method = String(line.dropFirst(4).dropLast()).uppercased()
            } else if let range = line.range(of: "operationId: "), let path, let method {
                operations[String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)] = (method, path)
            }
        }
        return operations
    }

    @Test func everyOperationIsInTheSpecWithItsMethodAndPath() throws {
        let spec = try Self.operations()
        #expect(spec.count > 60, "the spec parser found too few operations")
        for operation in FeedOperation.allCases {
            let entry = try #require(
                spec[operation.rawValue], "\(operation.rawValue) is not an operation of openapi.yaml")
            #expect(entry.method == operation.method, "\(operation.rawValue)")
            #expect(entry.path == operation.pathTemplate, "\(operation.rawValue)")
        }
    }

    @Test func everyServerOperationIsInTheSpecWithItsMethodAndPath() throws {
        let spec = try Self.operations()
        for operation in ServerOperation.allCases {
            let entry = try #require(
                spec[operation.rawValue], "\(operation.rawValue) is not an operation of openapi.yaml")
            #expect(entry.method == operation.method, "\(operation.rawValue)")
            #expect(entry.path == operation.pathTemplate, "\(operation.rawValue)")
        }
        #expect(ServerOperation.getUserPortfolio.path(["a b"]) == "/users/a%20b/portfolio")
    }

    @Test func pathParametersAreEncodedAsOneSegment() {
        #expect(FeedOperation.getUser.path(["a b/c"]) == "/users/a%20b%2Fc")
        #expect(FeedOperation.removePhotoFromCollection.path(["x"]) == "/collections/x/remove")
    }

    @Test func everyRequestOfAClientCallMatchesItsOperation() async throws {
        let spec = try Self.operations()
        let log = TrafficLog()
        let transport = TestTransport(log: log, base: EmptyAnswers())
        let client = FeedClient(
            baseURL: URL(string: "https://photos.example")!, credentials: .userToken("t"),
            transport: transport)
        // Each call fails to decode the empty answer; only the request matters here.
        _ = try? await client.photos().first()
        _ = try? await client.followingFeed().first()
        _ = try? await client.photo("p1")
        _ = try? await client.randomPhotos(count: 2)
        _ = try? await client.statistics(ofPhoto: "p1")
        _ = try? await client.like("p1")
        _ = try? await client.unlike("p1")
        _ = try? await client.like(try Self.photo())
        _ = try? await client.upload(Data([1]), filename: "a.jpg")
        _ = try? await client.update(photo: "p1", PhotoEdit(description: "d"))
        _ = try? await client.delete(photo: "p1")
        _ = try? await client.searchPhotos("sea").first()
        _ = try? await client.searchUsers("ana").first()
        _ = try? await client.searchCollections("porto").first()
        _ = try? await client.user("ana")
        _ = try? await client.photos(of: "ana").first()
        _ = try? await client.likes(of: "ana").first()
        _ = try? await client.collections(of: "ana").first()
        _ = try? await client.statistics(ofUser: "ana")
        _ = try? await client.follow("ana")
        _ = try? await client.unfollow("ana")
        _ = try? await client.followers(of: "ana").first()
        _ = try? await client.following("ana").first()
        _ = try? await client.me()
        _ = try? await client.updateMe(ProfileEdit(bio: "b"))
        _ = try? await client.uploadAvatar(Data([1]))
        _ = try? await client.devices()
        _ = try? await client.libraryStatistics()
        _ = try? await client.monthStatistics()
        _ = try? await client.collections().first()
        _ = try? await client.collection("c1")
        _ = try? await client.photos(inCollection: "c1").first()
        _ = try? await client.related(toCollection: "c1")
        _ = try? await client.createCollection(CollectionEdit(title: "t"))
        _ = try? await client.update(collection: "c1", CollectionEdit(title: "u"))
        _ = try? await client.delete(collection: "c1")
        _ = try? await client.add(photo: "p1", toCollection: "c1")
        _ = try? await client.remove(photo: "p1", fromCollection: "c1")
        _ = try? await client.topics().first()
        _ = try? await client.topic("nature")
        _ = try? await client.photos(inTopic: "nature").first()
        let configuration = OAuthConfiguration(clientID: "k", redirectURI: "app://cb")
        let authorization = AuthorizationRequest(client: client, configuration: configuration)
        _ = try? await client.exchange(code: "c", for: authorization)
        _ = try? await client.revoke("t", configuration: configuration)
        let photo = try Self.photo()
        _ = try? await client.trackDownload(photo)

        let requests = await log.requests
        var seen: Set<String> = []
        for request in requests {
            let method = request.httpMethod ?? "GET"
            let path = request.url!.path
            // The most literal template wins: /photos/random, not /photos/{id}.
            let match = spec.filter { $0.value.method == method && Self.matches(path, template: $0.value.path) }
                .min { $0.value.path.filter { $0 == "{" }.count < $1.value.path.filter { $0 == "{" }.count }
            let operation = try #require(match, "\(method) \(path) is no operation of openapi.yaml").key
            seen.insert(operation)
        }
        let unauthorizedURL = authorization.url
        #expect(spec["oauthAuthorize"]?.path == unauthorizedURL.path)
        seen.insert("oauthAuthorize")
        #expect(
            seen == Set(FeedOperation.allCases.map(\.rawValue)),
            "calls that were not made: \(Set(FeedOperation.allCases.map(\.rawValue)).subtracting(seen))")
    }

    static func matches(_ path: String, template: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let templateParts = template.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == templateParts.count else { return false }
        return zip(parts, templateParts).allSatisfy { part, templatePart in
            templatePart.hasPrefix("{") || part == templatePart
        }
    }

    static func photo() throws -> Photo {
        let json = """
            {"id":"p1","created_at":"2024-01-01T00:00:00Z","width":1,"height":1,
             "urls":{"raw":"https://i.example/p1","full":"f","regular":"r","small":"s","thumb":"t","small_s3":"s3"},
             "links":{"self":"s","html":"h","download":"d","download_location":"https://photos.example/photos/p1/download"},
             "user":{"id":"u","username":"ana","links":{"self":"s","html":"h","photos":"p","likes":"l","portfolio":"p"},
                     "profile_image":{"small":"s","medium":"m","large":"l"}}}
            """
        return try FeedJSON.makeDecoder().decode(Photo.self, from: Data(json.utf8))
    }
}

/// Answers every request with 200 and an empty JSON object.
struct EmptyAnswers: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        (
            Data("{}".utf8),
            HTTPURLResponse(
                url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"])!
        )
    }
}
