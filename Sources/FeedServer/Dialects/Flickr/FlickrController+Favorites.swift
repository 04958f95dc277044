import FeedModels
import FeedStore
import Foundation

/// A favourite is a like.
extension FlickrController {
    /// `flickr.favorites.getList`: the photos a user (the caller when no `user_id`) likes, with `date_faved`.
    func favorites(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        try await favorites(of: try await userOrCaller(call), call)
    }

    /// `flickr.favorites.getPublicList`: the photos a user likes; every like is public.
    func publicFavorites(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        try await favorites(of: try await requiredUser(call), call)
    }

    private func favorites(of owner: UserRecord, _ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        let page = try call.page()
        let liked = try await store.favorites(ofUserID: owner.id, page: page, viewerID: call.user?.id)
        let dates = Dictionary(liked.items.map { ($0.photo.id, $0.likedAt) }, uniquingKeysWith: { first, _ in first })
        return FlickrRooted(
            call.presenter.photos(
                Page(items: liked.items.map(\.photo), total: liked.total), request: page, extras: call.extras
            ) { record, photo in photo.dateFaved = dates[record.id].map(FlickrPresenter.unix) ?? "" })
    }

    func addFavorite(_ call: Call) async throws -> FlickrEmptyAnswer {
        let user = try call.signedIn(.write)
        let photo = try await photo(call)
        guard photo.owner.id != user.id else { throw FlickrFailure(2, "Photo is owned by you") }
        guard !photo.likedByViewer else { throw FlickrFailure(3, "Photo is already in favorites") }
        _ = try await store.like(photo: photo.id, by: user.id)
        return FlickrEmptyAnswer()
    }

    func removeFavorite(_ call: Call) async throws -> FlickrEmptyAnswer {
        let user = try call.signedIn(.write)
        let photo = try await photo(call)
        guard photo.likedByViewer else { throw FlickrFailure(1, "Photo not in favorites") }
        _ = try await store.unlike(photo: photo.id, by: user.id)
        return FlickrEmptyAnswer()
    }
}
