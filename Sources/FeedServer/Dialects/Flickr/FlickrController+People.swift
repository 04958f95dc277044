import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    /// A user by NSID (either form, see ``FlickrIDs``), number, username, or `me` (the signed-in user).
    func user(_ id: String, _ call: Call) async throws -> UserRecord? {
        if id == "me" { return try call.signedIn() }
        if let number = FlickrIDs.personNumber(id) { return try await store.user(number: number) }
        return try await store.user(username: id)
    }

    /// The user of `user_id`, which must be given.
    func requiredUser(_ call: Call) async throws -> UserRecord {
        guard let user = try await user(try call.required("user_id"), call) else { throw FlickrFailure.userNotFound }
        return user
    }

    /// The user of `user_id`, or the signed-in caller when there is none (photosets and favourites lists).
    func userOrCaller(_ call: Call) async throws -> UserRecord {
        guard let id = call.parameters["user_id"], !id.isEmpty else { return try call.signedIn() }
        guard let user = try await user(id, call) else { throw FlickrFailure.userNotFound }
        return user
    }

    func person(_ call: Call) async throws -> FlickrRooted<FlickrPerson> {
        let user = try await requiredUser(call)
        return FlickrRooted(call.presenter.person(user, dates: try await store.photostreamDates(ofUserID: user.id)))
    }

    func findByUsername(_ call: Call) async throws -> FlickrRooted<FlickrUser> {
        guard let user = try await store.user(username: try call.required("username")) else {
            throw FlickrFailure.userNotFound
        }
        return FlickrRooted(FlickrUser(nsid: FlickrPresenter.nsid(user), username: user.username))
    }

    func findByEmail(_ call: Call) async throws -> FlickrRooted<FlickrUser> {
        guard let user = try await store.user(email: try call.required("find_email")) else {
            throw FlickrFailure.userNotFound
        }
        return FlickrRooted(FlickrUser(nsid: FlickrPresenter.nsid(user), username: user.username))
    }

    /// `flickr.urls.lookupUser`: the person of a profile or photostream URL — Flickr's (`…/photos/NAME/`,
    /// `…/people/NAME/`, NAME an NSID or a path alias) or the web app's (`/#/user/NAME`, `/@NAME`).
    func lookupUser(_ call: Call) async throws -> FlickrRooted<FlickrUser> {
        let url = try call.required("url")
        let segments = url.split(whereSeparator: { "/#?".contains($0) }).map(String.init)
        var name: String?
        for (index, segment) in segments.enumerated() {
            if ["photos", "people", "user"].contains(segment), index + 1 < segments.count {
                name = segments[index + 1]
                break
            }
            if segment.hasPrefix("@"), segment.count > 1 { name = String(segment.dropFirst()) }
        }
        guard let name = name?.removingPercentEncoding ?? name, let user = try await user(name, call) else {
            throw FlickrFailure.userNotFound
        }
        return FlickrRooted(FlickrUser(nsid: FlickrPresenter.nsid(user), username: user.username))
    }

    func userProfileURL(_ call: Call) async throws -> FlickrRooted<FlickrUserURL> {
        let user = try await requiredUser(call)
        return FlickrRooted(
            FlickrUserURL(nsid: FlickrPresenter.nsid(user), url: call.presenter.links.userPage(user.username)))
    }

    func userPhotosURL(_ call: Call) async throws -> FlickrRooted<FlickrUserURL> {
        let user = try await requiredUser(call)
        return FlickrRooted(
            FlickrUserURL(nsid: FlickrPresenter.nsid(user), url: call.presenter.links.userPage(user.username)))
    }

    func profile(_ call: Call) async throws -> FlickrRooted<FlickrProfile> {
        FlickrRooted(call.presenter.profile(try await requiredUser(call)))
    }

    // MARK: Photosets

    /// The album of `photoset_id` (a photoset id, or the bare number handed out before), if the caller may see it.
    func album(_ call: Call) async throws -> CollectionRecord {
        guard let number = FlickrIDs.photosetNumber(try call.required("photoset_id")),
            let album = try await store.collection(number: number, viewerID: call.user?.id)
        else { throw FlickrFailure.photosetNotFound }
        return album
    }

    /// `flickr.photosets.getList`: a user's albums (the caller's when no `user_id`); private ones only their own.
    func photosets(_ call: Call) async throws -> FlickrRooted<FlickrPhotosetList> {
        let owner = try await userOrCaller(call)
        let page = try call.page(maxPerPage: 500, defaultPerPage: 500)
        let albums = try await store.collections(ofUsername: owner.username, page: page, viewerID: call.user?.id)
        return FlickrRooted(
            FlickrPhotosetList(
                page: page.number, pages: FlickrPresenter.pages(total: albums.total, request: page), perPage: page.size,
                total: albums.total, canCreate: owner.id == call.user?.id ? 1 : 0,
                photoset: albums.items.map { call.presenter.photoset($0) }))
    }

    func photosetInfo(_ call: Call) async throws -> FlickrRooted<FlickrPhotoset> {
        FlickrRooted(call.presenter.photoset(try await album(call), detailed: true))
    }

    func photosetPhotos(_ call: Call) async throws -> FlickrRooted<FlickrPhotosetPage> {
        let album = try await album(call)
        var query = CatalogQuery()
        query.collectionID = album.id
        query.order = .posted(ascending: true)
        let page = try call.page()
        let found = try await store.catalogPhotos(query, page: page, viewerID: call.user?.id)
        let primary = album.coverPhoto.map(FlickrPresenter.photoID) ?? "0"
        let photos = found.items.map { record in
            var photo = call.presenter.listPhoto(record, extras: call.extras)
            photo.isPrimary = photo.id == primary ? "1" : "0"
            return photo
        }
        return FlickrRooted(
            FlickrPhotosetPage(
                id: FlickrIDs.photosetID(album.number), primary: primary, owner: FlickrPresenter.nsid(album.owner),
                ownerName: album.owner.username, photo: photos, page: page.number, perPage: page.size,
                pages: FlickrPresenter.pages(total: found.total, request: page), title: album.title, total: found.total)
        )
    }
}
