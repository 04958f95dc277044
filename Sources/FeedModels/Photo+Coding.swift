import Foundation

/// Photos decode leniently, so the same model reads real Unsplash responses (whose lists lack `tags`, `exif`, …)
/// and encode every nullable key Unsplash always sends as an explicit `null`.
extension Photo {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        slug = try container.decodeIfPresent(String.self, forKey: .slug) ?? id
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt) ?? createdAt
        promotedAt = try container.decodeIfPresent(Date.self, forKey: .promotedAt)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        color = try container.decodeIfPresent(String.self, forKey: .color) ?? "#808080"
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        altDescription = try container.decodeIfPresent(String.self, forKey: .altDescription)
        breadcrumbs = (try? container.decodeIfPresent([String].self, forKey: .breadcrumbs)) ?? []
        urls = try container.decode(PhotoURLs.self, forKey: .urls)
        links = try container.decode(PhotoLinks.self, forKey: .links)
        likes = try container.decodeIfPresent(Int.self, forKey: .likes) ?? 0
        likedByUser = try container.decodeIfPresent(Bool.self, forKey: .likedByUser) ?? false
        currentUserCollections =
            (try? container.decodeIfPresent([CollectionReference].self, forKey: .currentUserCollections)) ?? []
        user = try container.decode(User.self, forKey: .user)
        exif = try container.decodeIfPresent(Exif.self, forKey: .exif)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
        tags = (try? container.decodeIfPresent([Tag].self, forKey: .tags)) ?? []
        views = try container.decodeIfPresent(Int.self, forKey: .views)
        downloads = try container.decodeIfPresent(Int.self, forKey: .downloads)
        takenAt = try container.decodeIfPresent(Date.self, forKey: .takenAt)
        original = try container.decodeIfPresent(OriginalFile.self, forKey: .original)
        topics = try? container.decodeIfPresent([PhotoTopic].self, forKey: .topics)
        statistics = try? container.decodeIfPresent(PhotoStatistics.self, forKey: .statistics)
        license = try? container.decodeIfPresent(PhotoLicense.self, forKey: .license)
        source = try? container.decodeIfPresent(PhotoSource.self, forKey: .source)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(slug, forKey: .slug)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(promotedAt, forKey: .promotedAt)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(color, forKey: .color)
        try container.encode(blurHash, forKey: .blurHash)
        try container.encode(description, forKey: .description)
        try container.encode(altDescription, forKey: .altDescription)
        try container.encode(breadcrumbs, forKey: .breadcrumbs)
        try container.encode(urls, forKey: .urls)
        try container.encode(links, forKey: .links)
        try container.encode(likes, forKey: .likes)
        try container.encode(likedByUser, forKey: .likedByUser)
        try container.encode(currentUserCollections, forKey: .currentUserCollections)
        try container.encodeNil(forKey: .sponsorship)
        try container.encode([String: String](), forKey: .topicSubmissions)
        try container.encode("photo", forKey: .assetType)
        try container.encode(user, forKey: .user)
        try container.encodeIfPresent(exif, forKey: .exif)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(tags, forKey: .tags)
        if isFull {
            try container.encode(PhotoMeta(), forKey: .meta)
            try container.encode(false, forKey: .publicDomain)
            try container.encode(Array(tags.prefix(3)), forKey: .tagsPreview)
            try container.encodeIfPresent(topics, forKey: .topics)
        }
        try container.encodeIfPresent(views, forKey: .views)
        try container.encodeIfPresent(downloads, forKey: .downloads)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encodeIfPresent(original, forKey: .original)
        try container.encodeIfPresent(statistics, forKey: .statistics)
        try container.encodeIfPresent(license, forKey: .license)
        try container.encodeIfPresent(source, forKey: .source)
    }
}

extension Exif {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(make, forKey: .make)
        try container.encode(model, forKey: .model)
        try container.encode(name, forKey: .name)
        try container.encode(exposureTime, forKey: .exposureTime)
        try container.encode(aperture, forKey: .aperture)
        try container.encode(focalLength, forKey: .focalLength)
        try container.encode(iso, forKey: .iso)
    }
}

extension Location {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(city, forKey: .city)
        try container.encode(country, forKey: .country)
        try container.encode(position, forKey: .position)
    }
}

extension User {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt) ?? Date(timeIntervalSince1970: 0)
        username = try container.decode(String.self, forKey: .username)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? username
        twitterUsername = try container.decodeIfPresent(String.self, forKey: .twitterUsername)
        portfolioUrl = try container.decodeIfPresent(String.self, forKey: .portfolioUrl)
        bio = try container.decodeIfPresent(String.self, forKey: .bio)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        links = try container.decode(UserLinks.self, forKey: .links)
        profileImage = try container.decode(ProfileImage.self, forKey: .profileImage)
        instagramUsername = try container.decodeIfPresent(String.self, forKey: .instagramUsername)
        totalCollections = try container.decodeIfPresent(Int.self, forKey: .totalCollections) ?? 0
        totalLikes = try container.decodeIfPresent(Int.self, forKey: .totalLikes) ?? 0
        totalPhotos = try container.decodeIfPresent(Int.self, forKey: .totalPhotos) ?? 0
        acceptedTos = try container.decodeIfPresent(Bool.self, forKey: .acceptedTos) ?? false
        forHire = try container.decodeIfPresent(Bool.self, forKey: .forHire) ?? false
        email = try container.decodeIfPresent(String.self, forKey: .email)
        device = try container.decodeIfPresent(Device.self, forKey: .device)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        exactLocationPublic = try container.decodeIfPresent(Bool.self, forKey: .exactLocationPublic)
        social =
            try container.decodeIfPresent(UserSocial.self, forKey: .social)
            ?? UserSocial(
                instagramUsername: instagramUsername, portfolioUrl: portfolioUrl, twitterUsername: twitterUsername,
                paypalEmail: nil
            )
        followersCount = try container.decodeIfPresent(Int.self, forKey: .followersCount)
        followingCount = try container.decodeIfPresent(Int.self, forKey: .followingCount)
        downloads = try container.decodeIfPresent(Int.self, forKey: .downloads)
        followedByUser = try container.decodeIfPresent(Bool.self, forKey: .followedByUser)
        photos = try? container.decodeIfPresent([PreviewPhoto].self, forKey: .photos)
        uid = try container.decodeIfPresent(String.self, forKey: .uid)
        uploadsRemaining = try container.decodeIfPresent(Int.self, forKey: .uploadsRemaining)
        unlimitedUploads = try container.decodeIfPresent(Bool.self, forKey: .unlimitedUploads)
        numericId = try container.decodeIfPresent(Int64.self, forKey: .numericId)
        address = try container.decodeIfPresent(Address.self, forKey: .address)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        website = try container.decodeIfPresent(String.self, forKey: .website)
        company = try container.decodeIfPresent(Company.self, forKey: .company)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(twitterUsername, forKey: .twitterUsername)
        try container.encode(portfolioUrl, forKey: .portfolioUrl)
        try container.encode(bio, forKey: .bio)
        try container.encode(location, forKey: .location)
        try container.encode(links, forKey: .links)
        try container.encode(profileImage, forKey: .profileImage)
        try container.encode(instagramUsername, forKey: .instagramUsername)
        try container.encode(totalCollections, forKey: .totalCollections)
        try container.encode(totalLikes, forKey: .totalLikes)
        try container.encode(totalPhotos, forKey: .totalPhotos)
        try container.encode(acceptedTos, forKey: .acceptedTos)
        try container.encode(forHire, forKey: .forHire)
        try container.encode(social, forKey: .social)
        if isFull {
            try container.encode(followersCount, forKey: .followersCount)
            try container.encode(followingCount, forKey: .followingCount)
            try container.encodeIfPresent(downloads, forKey: .downloads)
            try container.encode(followedByUser ?? false, forKey: .followedByUser)
            try container.encode(photos ?? [], forKey: .photos)
            try container.encodeNil(forKey: .badge)
            try container.encode(UserTags(), forKey: .tags)
            try container.encode(false, forKey: .allowMessages)
            try container.encode(numericId, forKey: .numericId)
            try container.encode(address, forKey: .address)
            try container.encode(phone, forKey: .phone)
            try container.encode(website, forKey: .website)
            try container.encode(company, forKey: .company)
        }
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(device, forKey: .device)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(exactLocationPublic, forKey: .exactLocationPublic)
        try container.encodeIfPresent(uid, forKey: .uid)
        try container.encodeIfPresent(uploadsRemaining, forKey: .uploadsRemaining)
        try container.encodeIfPresent(unlimitedUploads, forKey: .unlimitedUploads)
    }
}
