import FeedLibrary
import FeedModels
import FeedStore
import Foundation

extension Presenter {
    /// What `/me` reports as `uploads_remaining`, alongside `unlimited_uploads: true`.
    static let uploadsRemaining = 10_000

    /// The URLs of a photo by id alone (previews carry nothing else).
    func photoURLs(_ photoID: String) -> PhotoURLs {
        PhotoURLs(
            raw: imageURL(photoID),
            full: imageURL(photoID, "fm=jpg&q=85"),
            regular: imageURL(photoID, FeedSizes.regular.query),
            small: imageURL(photoID, FeedSizes.small.query),
            thumb: imageURL(photoID, FeedSizes.thumb.query),
            smallS3: imageURL(photoID, FeedSizes.small.query)
        )
    }

    func preview(_ preview: PhotoPreview) -> PreviewPhoto {
        PreviewPhoto(
            id: preview.id, createdAt: preview.createdAt, updatedAt: preview.updatedAt, blurHash: preview.blurHash,
            urls: photoURLs(preview.id)
        )
    }

    /// A photo in full (`GET /photos/:id`, `/photos/random`): with its topics, `meta`, `public_domain` and
    /// `tags_preview`.
    func fullPhoto(_ record: PhotoRecord) -> Photo {
        var photo = photo(record)
        photo.topics = record.topics.map {
            PhotoTopic(id: $0.id, title: $0.title, slug: $0.slug, visibility: $0.featured ? "featured" : "visible")
        }
        return photo
    }

    /// A person in full (`GET /users/:username`, follow answers; with `includePrivate`, `/me`).
    func fullUser(_ profile: UserProfile, includePrivate: Bool = false) -> User {
        var user = user(profile.user, includeEmail: includePrivate)
        user.followersCount = profile.followersCount
        user.followingCount = profile.followingCount
        user.downloads = profile.downloads
        user.followedByUser = profile.followedByViewer
        user.photos = profile.latestPhotos.map(preview)
        let contact = profile.user.contact
        user.numericId = profile.user.number
        if contact.hasAddress {
            user.address = Address(
                street: contact.street ?? "", suite: contact.suite ?? "", city: contact.city ?? "",
                zipcode: contact.zipcode ?? "",
                geo: Address.Geo(lat: contact.latitude ?? "", lng: contact.longitude ?? "")
            )
        }
        user.phone = contact.phone
        user.website = contact.website
        if contact.hasCompany {
            user.company = Company(
                name: contact.companyName ?? "", catchPhrase: contact.companyCatchPhrase ?? "",
                bs: contact.companyBS ?? ""
            )
        }
        if includePrivate {
            user.uid = profile.user.id
            // The library sets no upload quota: clients that only read the number see a generous one.
            user.uploadsRemaining = Self.uploadsRemaining
            user.unlimitedUploads = true
        }
        return user
    }

    /// A single album: the list shape plus `meta`.
    func fullCollection(_ record: CollectionRecord) -> Collection {
        var collection = collection(record)
        // A private album is not for search engines; the library names no canonical page (as Unsplash: null).
        collection.meta = CollectionMeta(
            title: "\(record.title) — an album by \(collection.user.name)", description: record.description,
            index: !record.isPrivate, canonical: nil
        )
        return collection
    }

    func topic(_ record: TopicRecord) -> Topic {
        let base = origin + FeedOperation.getTopic.path([record.slug])
        return Topic(
            id: record.id, slug: record.slug, title: record.title, description: record.description,
            publishedAt: record.createdAt, updatedAt: record.updatedAt, featured: record.featured,
            totalPhotos: record.totalPhotos,
            links: TopicLinks(
                self: base, html: "\(origin)/#/t/\(record.slug)",
                photos: origin + FeedOperation.listTopicPhotos.path([record.slug])),
            owners: record.owners.map { user($0) }, coverPhoto: record.coverPhoto.map(photo),
            previewPhotos: record.previewPhotos.isEmpty ? nil : record.previewPhotos.map(preview),
            topContributors: record.topContributors.map { $0.map { user($0) } }
        )
    }

    /// Statistics as Unsplash shapes them, each day as `YYYY-MM-DD`.
    static func statistics(_ statistics: Statistics, id: String? = nil, username: String? = nil) -> PhotoStatistics {
        func counter(_ series: StatisticsSeries) -> StatisticsCounter {
            StatisticsCounter(
                total: series.total,
                historical: StatisticsHistory(
                    change: series.change, quantity: series.days.count,
                    values: series.days.map { StatisticsValue(date: dayFormat($0.day), value: $0.value) }
                ))
        }
        return PhotoStatistics(
            id: id, username: username, downloads: counter(statistics.downloads), views: counter(statistics.views),
            likes: counter(statistics.likes)
        )
    }

    /// `YYYY-MM-DD` of a UTC day.
    static func dayFormat(_ day: StatisticsDay) -> String {
        CivilDate.text(daysSince1970: day.number)
    }
}
