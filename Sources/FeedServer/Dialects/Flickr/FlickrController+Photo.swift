import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    /// The photo of `photo_id` (a Flickr photo id, or the bare number handed out before), as the caller sees it.
    func photo(_ call: Call) async throws -> PhotoRecord {
        guard let number = FlickrIDs.photoNumber(try call.required("photo_id")),
            let photo = try await store.photo(number: number, viewerID: call.user?.id)
        else { throw FlickrFailure.photoNotFound }
        return photo
    }

    func info(_ call: Call) async throws -> FlickrRooted<FlickrPhotoInfo> {
        FlickrRooted(call.presenter.info(try await photo(call)))
    }

    func sizes(_ call: Call) async throws -> FlickrRooted<FlickrSizes> {
        FlickrRooted(call.presenter.sizes(try await photo(call)))
    }

    func exif(_ call: Call) async throws -> FlickrRooted<FlickrPhotoExif> {
        FlickrRooted(call.presenter.exif(try await photo(call)))
    }

    func location(_ call: Call) async throws -> FlickrRooted<FlickrPhotoLocation> {
        let photo = try await photo(call)
        guard let location = call.presenter.location(photo) else {
            throw FlickrFailure(2, "Photo has no location information.")
        }
        return FlickrRooted(FlickrPhotoLocation(id: FlickrPresenter.photoID(photo), location: location))
    }

    func tagList(_ call: Call) async throws -> FlickrRooted<FlickrPhotoTags> {
        let photo = try await photo(call)
        return FlickrRooted(
            FlickrPhotoTags(id: FlickrPresenter.photoID(photo), tags: FlickrTagList(tag: call.presenter.tags(photo))))
    }

    /// `flickr.photos.licenses.getInfo`: Flickr's licences 0 to 16.
    func licenses(_ call: Call) -> FlickrRooted<FlickrLicenses> {
        FlickrRooted(FlickrLicenses())
    }

    /// `flickr.photos.licenses.getLicenseHistory`. The library keeps a photo's licence, not its changes, so the
    /// history is Flickr's answer for a licence never changed: the licence, dated when the photo was posted.
    func licenseHistory(_ call: Call) async throws -> FlickrLicenseHistory {
        let photo = try await photo(call)
        let number = FlickrPresenter.license(photo)
        let license = FlickrLicense.all.first { $0.license.number == number }?.license ?? FlickrLicense.all[0].license
        return FlickrLicenseHistory(licenseHistory: [
            .init(dateChange: FlickrPresenter.unix(photo.createdAt), old: license, new: nil)
        ])
    }

    /// `flickr.photos.getAllContexts`: the albums the caller may see that hold the photo (there are no groups).
    func contexts(_ call: Call) async throws -> FlickrPhotoContexts {
        let photo = try await photo(call)
        let numbers = try await store.albumNumbers(ofPhotos: [photo.id], viewerID: call.user?.id)[photo.id] ?? []
        var sets: [FlickrPhotoContexts.PhotosetContext] = []
        for number in numbers {
            if let album = try await store.collection(number: number, viewerID: call.user?.id) {
                sets.append(call.presenter.context(album))
            }
        }
        return FlickrPhotoContexts(set: sets)
    }

    /// `flickr.photos.getContext`: the photos on either side in the owner's photostream.
    func context(_ call: Call) async throws -> FlickrPhotoContext {
        let photo = try await photo(call)
        let stream = try await store.photostreamContext(of: photo, viewerID: call.user?.id)
        return FlickrPhotoContext(
            count: stream.count, prevPhoto: call.presenter.neighbour(stream.newer),
            nextPhoto: call.presenter.neighbour(stream.older))
    }

    /// `flickr.photos.people.getList`: nobody is tagged in the library's photos.
    func people(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPeople> {
        let photo = try await photo(call)
        return FlickrRooted(FlickrPhotoPeople(photoWidth: photo.width, photoHeight: photo.height))
    }

    /// `flickr.photos.comments.getList`: the library keeps no comments.
    func comments(_ call: Call) async throws -> FlickrRooted<FlickrComments> {
        FlickrRooted(FlickrComments(photoID: FlickrPresenter.photoID(try await photo(call))))
    }

    /// `flickr.galleries.getListForPhoto`: the library has no galleries.
    func galleries(_ call: Call) async throws -> FlickrRooted<FlickrGalleries> {
        let photo = try await photo(call)
        let page = try call.page(maxPerPage: 500, defaultPerPage: 100)
        return FlickrRooted(
            FlickrGalleries(page: page.number, perPage: page.size, photoID: FlickrPresenter.photoID(photo)))
    }
}
