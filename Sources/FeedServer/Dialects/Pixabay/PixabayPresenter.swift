import FeedModels
import FeedStore
import Foundation

/// A photo as a Pixabay hit (§3.2), every number an integer, with image URLs at Pixabay's sizes.
struct PixabayPresenter: Sendable {
    let origin: String

    func hit(_ photo: PhotoRecord, collections: Int) -> PixabayHit {
        func image(_ size: Int) -> (url: String, width: Int, height: Int) {
            let box = LadderImage.pixabayBox(size) ?? (size, size)
            let (width, height) = LadderImage.fitted(width: photo.width, height: photo.height, within: box)
            return (
                origin + LadderImage.pixabayPath(number: photo.number, sha256: photo.sha256, size: size), width, height
            )
        }
        let preview = image(150)
        let web = image(640)
        let large = image(1280)
        let owner = photo.owner
        let links = Presenter(origin: origin)
        // Pixabay's `userImageURL` is `""` for a person without one.
        let avatar = owner.avatarSHA256 == nil ? "" : links.avatarURL(owner, size: 250)
        return PixabayHit(
            id: Int(photo.number), pageURL: links.photoPage(photo.id), type: "photo",
            tags: photo.tags.joined(separator: ", "), previewURL: preview.url, previewWidth: preview.width,
            previewHeight: preview.height, webformatURL: web.url, webformatWidth: web.width,
            webformatHeight: web.height, largeImageURL: large.url, imageWidth: photo.width,
            imageHeight: photo.height, imageSize: photo.bytes, views: photo.views, downloads: photo.downloads,
            collections: collections, favorites: photo.likes, likes: photo.likes, comments: 0,
            userID: Int(owner.number), user: owner.username, userImageURL: avatar)
    }
}
