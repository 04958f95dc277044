import FeedKit
import FeedModels
import FeedStore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads Pixabay's image search (`/api/`). Pixabay's links expire after about a day and permanent hotlinking is
/// forbidden, so its photos are downloaded (the 1280 px `largeImageURL`); its answers are kept 24 hours, as its
/// terms ask, so a second sync within a day costs no request for pages already read.
struct PixabayConnector: SourceConnector {
    let source: SourceRecord
    let root: URL
    let transport: any HTTPTransport
    let store: LibraryStore
    let answerLifetime: Duration

    static let perPage = 100

    func page(at cursor: String?) async throws -> (photos: [RemotePhoto], next: String?) {
        let number = cursor.flatMap(Int.init) ?? 1
        let options = source.options
        var query = [
            ("q", options["query"] ?? ""), ("image_type", "photo"), ("order", "latest"),
            ("per_page", String(Self.perPage)), ("page", String(number)),
        ]
        if let category = options["category"] { query.append(("category", category)) }
        if let width = options["min_width"] { query.append(("min_width", width)) }
        if let height = options["min_height"] { query.append(("min_height", height)) }
        if options["editors_choice"] == "true" { query.append(("editors_choice", "true")) }
        let answer = try await search(query)
        let photos = answer.hits.compactMap(remotePhoto)
        let seen = number * Self.perPage
        return (photos, answer.hits.isEmpty || seen >= answer.totalHits ? nil : String(number + 1))
    }

    func stillExists(_ remoteID: String) async throws -> Bool {
        do {
            return try await !search([("id", remoteID)]).hits.isEmpty
        } catch let error as PixabayAnswerError where error.status == 404 {
            return false
        }
    }

    /// One search, from the 24-hour cache when it was asked within the day. The key is not part of the cache's
    /// request text.
    func search(_ query: [(String, String)]) async throws -> PixabayAnswer {
        let request = "/api/?" + SourceURL.query(query)
        if let body = try await store.cachedSourceAnswer(request, sourceID: source.id, maxAge: answerLifetime),
            let answer = try? JSONDecoder().decode(PixabayAnswer.self, from: Data(body.utf8))
        {
            return answer
        }
        var urlRequest = URLRequest(
            url: SourceURL.make(root, path: "/api/", query: [("key", source.credential)] + query))
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await transport.send(urlRequest)
        // Pixabay's errors are plain text with the status ("[ERROR 400] Invalid API key…"): read the status first.
        guard (200..<300).contains(response.statusCode) else {
            throw PixabayAnswerError(status: response.statusCode, message: SourceURL.excerpt(data))
        }
        let answer: PixabayAnswer
        do {
            answer = try JSONDecoder().decode(PixabayAnswer.self, from: data)
        } catch {
            throw SourceError("Pixabay's answer could not be read: \(error)")
        }
        try await store.keepSourceAnswer(
            String(decoding: data, as: UTF8.self), request: request, sourceID: source.id, lifetime: answerLifetime)
        return answer
    }

    func remotePhoto(_ hit: PixabayHit) -> RemotePhoto? {
        guard let large = URL(string: hit.largeImageURL) else { return nil }
        let tags = hit.tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let profile = "https://pixabay.com/users/\(hit.user)-\(hit.userID)/"
        let home = root.host == "pixabay.com" ? "https://pixabay.com/" : root.absoluteString
        return RemotePhoto(
            remoteID: String(hit.id),
            author: RemoteAuthor(
                remoteID: String(hit.userID), username: hit.user, firstName: hit.user, profileURL: profile),
            title: nil, description: nil, altDescription: tags.isEmpty ? nil : tags.joined(separator: ", "),
            width: hit.imageWidth, height: hit.imageHeight, tags: tags, license: PhotoLicense(id: "pixabay"),
            credit: PhotoSource(
                name: "Pixabay", url: home, photoURL: hit.pageURL, authorName: hit.user, authorURL: profile),
            image: .download(large)
        )
    }
}
