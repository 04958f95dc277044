import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

extension JSONPlaceholderController {
    /// The body of a write: a JSON object (or a form, which json-server also takes).
    func body(_ request: Request, _ context: FeedRequestContext) async throws -> JSONValue {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return .object([]) }
        if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let pairs = QueryParameters(String(buffer: buffer)).pairs
            return .object(pairs.map { ($0.name, Int($0.value).map(JSONValue.int) ?? .string($0.value)) })
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(buffer: buffer)), case .object = value
        else { throw APIError.badParameter("The body must be a JSON object.") }
        return value
    }

    /// The caller when their token allows real writes to `resource`; nil for the answered-not-stored writes.
    func writer(_ resource: Resource, _ context: FeedRequestContext) -> UserRecord? {
        guard case .user(let user, let scopes, _) = context.caller, scopes.contains(resource.writeScope) else {
            return nil
        }
        return user
    }

    func create(_ resource: Resource, parent: Parent?, _ request: Request, _ context: FeedRequestContext) async throws
        -> Response
    {
        var body = try await body(request, context)
        if let parent { body = body.setting(parent.field, to: Int(parent.id).map(JSONValue.int) ?? .string(parent.id)) }
        let presenter = JSONPlaceholderPresenter(origin: context.origin, viewer: context.caller.user)
        let created: JSONValue
        switch (writer(resource, context), resource) {
        case (let user?, .albums):
            guard case .string(let title)? = body["title"], !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError(.unprocessableContent, "title is required.")
            }
            created = presenter.album(
                try await store.createCollection(
                    ownerID: user.id, title: title, description: nil, isPrivate: false
                ))
        case (.some, .photos):
            throw APIError(
                .unprocessableContent,
                "A photo is added by uploading its image: POST /photos (multipart, field `file`).")
        default:
            // Answered, not stored: the id a new item would get, as JSONPlaceholder answers.
            let count =
                resource == .photos
                ? try await store.photoCount()
                : try await rows(resource, query: try JSONServerQuery(QueryParameters(nil)), presenter).count
            created = body.setting("id", to: .int(count + 1))
        }
        let location = "\(context.origin)/jsonplaceholder/\(resource.rawValue)/\(created["id"]?.text ?? "")"
        return JSONPlaceholderPresenter.json(created, status: .created, headers: [.location: location])
    }

    func update(_ resource: Resource, replace: Bool, _ request: Request, _ context: FeedRequestContext) async throws
        -> Response
    {
        let id = try context.parameters.require("id")
        let body = try await body(request, context)
        let presenter = JSONPlaceholderPresenter(origin: context.origin, viewer: context.caller.user)
        guard let user = writer(resource, context) else {
            // Answered, not stored: PUT replaces, PATCH merges; the id stays.
            guard let current = try await item(resource, id, presenter), case .object(let members) = body else {
                return JSONPlaceholderPresenter.notFound
            }
            let base = replace ? JSONValue.object([]) : current
            let merged = members.reduce(base) { $0.setting($1.key, to: $1.value) }.setting(
                "id", to: current["id"] ?? .null)
            return JSONPlaceholderPresenter.json(merged)
        }
        guard let number = Int64(id) else { return JSONPlaceholderPresenter.notFound }
        switch resource {
        case .users:
            guard user.number == number else {
                guard try await store.user(number: number) != nil else { return JSONPlaceholderPresenter.notFound }
                throw APIError(.forbidden, "A token can only change its own user.")
            }
            let updated = try await store.updateProfile(userID: user.id, try Self.profileChanges(body))
            return JSONPlaceholderPresenter.json(presenter.user(updated))
        case .albums:
            guard let album = try await store.collection(number: number, viewerID: user.id) else {
                return JSONPlaceholderPresenter.notFound
            }
            guard album.owner.id == user.id else { throw APIError(.forbidden, "This album belongs to someone else.") }
            var changes = CollectionChanges()
            if case .string(let title)? = body["title"] { changes.title = title }
            return JSONPlaceholderPresenter.json(
                presenter.album(try await store.updateCollection(album.id, by: user.id, changes)))
        case .photos:
            guard var photo = try await store.photo(number: number, viewerID: user.id) else {
                return JSONPlaceholderPresenter.notFound
            }
            guard photo.owner.id == user.id else { throw APIError(.forbidden, "This photo belongs to someone else.") }
            var albumNumber =
                try await store.albumNumbers(ofPhotos: [photo.id], viewerID: user.id)[photo.id]?.first ?? 0
            if case .string(let title)? = body["title"] {
                photo = try await store.updatePhoto(photo.id, by: user.id, PhotoChanges(description: title))
            }
            if let raw = body["albumId"]?.text, let wanted = Int64(raw), wanted != albumNumber {
                guard let album = try await store.collection(number: wanted, viewerID: user.id),
                    album.owner.id == user.id
                else { throw APIError(.forbidden, "albumId must be one of your albums.") }
                photo = try await store.addPhoto(photo.id, toCollection: album.id, by: user.id).photo
                albumNumber = wanted
            }
            return JSONPlaceholderPresenter.json(presenter.photo(photo, albumNumber: albumNumber))
        }
    }

    func remove(_ resource: Resource, _ request: Request, _ context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let presenter = JSONPlaceholderPresenter(origin: context.origin, viewer: context.caller.user)
        guard let number = Int64(id) else { return JSONPlaceholderPresenter.notFound }
        // Accounts are not deleted through this dialect: that is `imagefeed users delete`'s job.
        guard let user = writer(resource, context), resource != .users else {
            let exists = try await item(resource, id, presenter) != nil
            return exists ? JSONPlaceholderPresenter.json(.object([])) : JSONPlaceholderPresenter.notFound
        }
        switch resource {
        case .users: break
        case .albums:
            guard let album = try await store.collection(number: number, viewerID: user.id) else {
                return JSONPlaceholderPresenter.notFound
            }
            guard album.owner.id == user.id else { throw APIError(.forbidden, "This album belongs to someone else.") }
            try await store.deleteCollection(album.id, by: user.id)
        case .photos:
            guard let photo = try await store.photo(number: number, viewerID: user.id) else {
                return JSONPlaceholderPresenter.notFound
            }
            guard photo.owner.id == user.id else { throw APIError(.forbidden, "This photo belongs to someone else.") }
            let orphans = try await store.deletePhoto(photo.id, by: user.id)
            await renditions.remove(orphans, recordingIn: store)
        }
        return JSONPlaceholderPresenter.json(.object([]))
    }

    /// A JSONPlaceholder user's fields as profile changes (`name` is split into first and last name).
    static func profileChanges(_ body: JSONValue) throws -> ProfileChanges {
        func text(_ path: String) -> String? {
            guard let value = body.value(at: path) else { return nil }
            if case .string(let text) = value { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
            return value.text
        }
        var changes = ProfileChanges(username: text("username"), email: text("email"))
        if let name = text("name") {
            let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
            changes.firstName = parts.first ?? ""
            changes.lastName = parts.count > 1 ? parts[1] : ""
        }
        changes.contact = ContactDetails(
            street: text("address.street"), suite: text("address.suite"), city: text("address.city"),
            zipcode: text("address.zipcode"), latitude: text("address.geo.lat"), longitude: text("address.geo.lng"),
            phone: text("phone"), website: text("website"), companyName: text("company.name"),
            companyCatchPhrase: text("company.catchPhrase"), companyBS: text("company.bs")
        )
        let problems = AccountRules.profile(changes)
        guard problems.isEmpty else { throw APIError(.unprocessableContent, problems) }
        return changes
    }
}
