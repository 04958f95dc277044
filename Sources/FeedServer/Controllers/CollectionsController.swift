import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Albums: `/collections` and everything under it. Private albums exist only for their owner (404 to anyone else).
struct CollectionsController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.listCollections, use: list)
        api.cachedReads.on(.getCollection, use: get)
        api.cachedReads.on(.listCollectionPhotos, use: photos)
        api.cachedReads.on(.listRelatedCollections, use: related)
        // python-unsplash 1.2.5 still calls Unsplash's old featured and curated album paths: every public album is
        // both here, as the library has no editors.
        api.cachedReads.on(ServerOperation.featuredCollections, use: list)
        api.cachedReads.on(ServerOperation.curatedCollections, use: list)
        api.cachedReads.on(ServerOperation.getCuratedCollection, use: get)
        api.cachedReads.on(ServerOperation.listCuratedCollectionPhotos, use: photos)
        api.uncached.on(.createCollection, use: create)
        api.uncached.on(.updateCollection, use: update)
        api.uncached.on(.deleteCollection, use: delete)
        api.uncached.on(.addPhotoToCollection, use: add)
        api.uncached.on(.removePhotoFromCollection, use: remove)
    }

    /// Who may see private albums: the owner, through the session or a token with `read_collections` (or
    /// `write_collections`).
    func privateViewer(_ context: FeedRequestContext) -> String? {
        context.viewer(with: .readCollections) ?? context.viewer(with: .writeCollections)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Collection> {
        let page = try QueryParameters(request.uri.query).page()
        let result = try await store.collections(page: page, viewerID: context.caller.user?.id)
        return ListPage(result, page, origin: context.origin, present: context.presenter.collection)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Collection {
        let record = try await store.collection(
            id: try context.parameters.require("id"), ownerID: privateViewer(context),
            likesViewerID: context.caller.user?.id
        )
        return context.presenter.fullCollection(record)
    }

    /// Public albums that share photos or tags with this one, most related first.
    @Sendable func related(_ request: Request, context: FeedRequestContext) async throws -> [Collection] {
        let records = try await store.relatedCollections(
            to: try context.parameters.require("id"), ownerID: privateViewer(context), viewerID: context.caller.user?.id
        )
        return records.map(context.presenter.collection)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let result = try await store.photos(
            inCollection: try context.parameters.require("id"),
            matching: query["query"]?.trimmingCharacters(in: .whitespaces), page: page,
            ownerID: privateViewer(context), viewerID: context.caller.user?.id
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.photo)
    }

    static func validatedTitle(_ raw: String?) throws(APIError) -> String {
        let title = raw?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !title.isEmpty else { throw APIError(.unprocessableContent, "Title can't be blank.") }
        guard title.count <= 100 else { throw APIError(.unprocessableContent, "Title must be at most 100 characters.") }
        return title
    }

    @Sendable func create(_ request: Request, context: FeedRequestContext) async throws -> EditedResponse<Collection> {
        let user = try context.requireUser(.writeCollections)
        let parameters = try await RequestParameters.collect(request, context: context)
        let record = try await store.createCollection(
            ownerID: user.id, title: try Self.validatedTitle(parameters["title"]),
            description: parameters["description"].flatMap { $0.isEmpty ? nil : $0 },
            isPrivate: try parameters.bool("private") ?? false
        )
        return EditedResponse(status: .created, response: context.presenter.collection(record))
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Collection {
        let user = try context.requireUser(.writeCollections)
        let parameters = try await RequestParameters.collect(request, context: context)
        let changes = CollectionChanges(
            title: try parameters["title"].map(Self.validatedTitle), description: try parameters["description"],
            isPrivate: try parameters.bool("private")
        )
        let record = try await store.updateCollection(try context.parameters.require("id"), by: user.id, changes)
        return context.presenter.collection(record)
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> HTTPResponse.Status {
        let user = try context.requireUser(.writeCollections)
        try await store.deleteCollection(try context.parameters.require("id"), by: user.id)
        return .noContent
    }

    @Sendable func add(_ request: Request, context: FeedRequestContext) async throws
        -> EditedResponse<CollectionMembershipResult>
    {
        let (user, photoID) = try await membershipRequest(request, context)
        let membership = try await store.addPhoto(
            photoID, toCollection: try context.parameters.require("id"), by: user.id)
        return EditedResponse(status: .created, response: membershipResult(membership, user, context))
    }

    @Sendable func remove(_ request: Request, context: FeedRequestContext) async throws -> CollectionMembershipResult {
        let (user, photoID) = try await membershipRequest(request, context)
        let membership = try await store.removePhoto(
            photoID, fromCollection: try context.parameters.require("id"), by: user.id
        )
        return membershipResult(membership, user, context)
    }

    func membershipRequest(_ request: Request, _ context: FeedRequestContext) async throws -> (UserRecord, String) {
        let user = try context.requireUser(.writeCollections)
        let parameters = try await RequestParameters.collect(request, context: context)
        guard let photoID = try parameters["photo_id"], !photoID.isEmpty else {
            throw APIError.badParameter("photo_id is missing")
        }
        return (user, photoID)
    }

    func membershipResult(_ membership: CollectionMembership, _ user: UserRecord, _ context: FeedRequestContext)
        -> CollectionMembershipResult
    {
        let presenter = context.presenter
        return CollectionMembershipResult(
            photo: presenter.photo(membership.photo), collection: presenter.collection(membership.collection),
            user: presenter.user(user), createdAt: Date()
        )
    }
}
