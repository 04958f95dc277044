import FeedModels
import FeedStore
import Foundation

extension FlickrPresenter {
    /// flickr.people.getInfo. Nothing derived from the email address is published (Flickr's `mbox_sha1sum`).
    func person(_ user: UserRecord, dates: PhotostreamDates) -> FlickrPerson {
        let icon = Self.iconServer(user)
        let page = links.userPage(user.username)
        return FlickrPerson(
            nsid: Self.nsid(user), iconServer: icon.server, iconFarm: icon.farm, pathAlias: user.username,
            username: user.username, realName: user.fullName, location: user.location ?? "",
            description: user.bio ?? "", photosURL: page, profileURL: page, mobileURL: page,
            photos: FlickrPerson.Photos(
                firstDate: dates.firstPosted.map(Self.unix) ?? "",
                firstDateTaken: dates.firstTaken.map(CivilDate.dateTime) ?? "", count: user.totalPhotos))
    }

    /// flickr.profile.getProfile: the profile fields the library has (names, bio, website, the city and country
    /// of the address).
    func profile(_ user: UserRecord) -> FlickrProfile {
        let contact = user.contact
        return FlickrProfile(
            nsid: Self.nsid(user), joinDate: Self.unix(user.createdAt), hometown: user.location ?? "",
            firstName: user.firstName, lastName: user.lastName ?? "", description: user.bio ?? "",
            website: contact.website ?? user.portfolioURL ?? "", city: contact.city ?? "", country: "")
    }

    /// An album as a photoset: an item of photosets.getList, or with `detailed` the answer of photosets.getInfo.
    func photoset(_ album: CollectionRecord, detailed: Bool = false) -> FlickrPhotoset {
        let cover = album.coverPhoto
        return FlickrPhotoset(
            id: FlickrIDs.photosetID(album.number), owner: detailed ? Self.nsid(album.owner) : nil,
            username: detailed ? album.owner.username : nil, primary: cover.map(Self.photoID) ?? "0",
            secret: cover.map { LadderImage.secret($0.sha256) } ?? "", server: Self.server, farm: Self.farm,
            photos: album.totalPhotos, countViews: "0", withCounts: detailed,
            dateCreate: Self.unix(album.createdAt), dateUpdate: Self.unix(album.updatedAt), title: album.title,
            description: album.description ?? "")
    }

    /// An album holding a photo, in getAllContexts.
    func context(_ album: CollectionRecord) -> FlickrPhotoContexts.PhotosetContext {
        let cover = album.coverPhoto
        return FlickrPhotoContexts.PhotosetContext(
            title: album.title, id: FlickrIDs.photosetID(album.number), primary: cover.map(Self.photoID) ?? "0",
            secret: cover.map { LadderImage.secret($0.sha256) } ?? "", server: Self.server, farm: Self.farm,
            countPhoto: album.totalPhotos)
    }
}
