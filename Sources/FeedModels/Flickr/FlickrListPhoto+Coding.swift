extension FlickrListPhoto {
    /// Reads a photo of a list from any Flickr server: strings and numbers alike, and every `url_*` size present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeFlickrString(forKey: .id)
        owner = try container.decodeFlickrStringIfPresent(forKey: .owner)
        secret = try container.decodeFlickrStringIfPresent(forKey: .secret) ?? ""
        server = try container.decodeFlickrStringIfPresent(forKey: .server) ?? ""
        farm = try container.decodeFlickrIntIfPresent(forKey: .farm) ?? 0
        title = try container.decodeFlickrStringIfPresent(forKey: .title) ?? ""
        isPublic = try container.decodeFlickrIntIfPresent(forKey: .isPublic) ?? 1
        isFriend = try container.decodeFlickrIntIfPresent(forKey: .isFriend) ?? 0
        isFamily = try container.decodeFlickrIntIfPresent(forKey: .isFamily) ?? 0
        isPrimary = try container.decodeFlickrStringIfPresent(forKey: .isPrimary)
        dateFaved = try container.decodeFlickrStringIfPresent(forKey: .dateFaved)
        description = try? container.decodeIfPresent(FlickrContent.self, forKey: .description)
        license = try container.decodeFlickrStringIfPresent(forKey: .license)
        dateUpload = try container.decodeFlickrStringIfPresent(forKey: .dateUpload)
        dateTaken = try container.decodeFlickrStringIfPresent(forKey: .dateTaken)
        dateTakenGranularity = try container.decodeFlickrStringIfPresent(forKey: .dateTakenGranularity)
        dateTakenUnknown = try container.decodeFlickrStringIfPresent(forKey: .dateTakenUnknown)
        ownerName = try container.decodeFlickrStringIfPresent(forKey: .ownerName)
        iconServer = try container.decodeFlickrStringIfPresent(forKey: .iconServer)
        iconFarm = try container.decodeFlickrIntIfPresent(forKey: .iconFarm)
        originalSecret = try container.decodeFlickrStringIfPresent(forKey: .originalSecret)
        originalFormat = try container.decodeFlickrStringIfPresent(forKey: .originalFormat)
        lastUpdate = try container.decodeFlickrStringIfPresent(forKey: .lastUpdate)
        latitude = try container.decodeFlickrStringIfPresent(forKey: .latitude)
        longitude = try container.decodeFlickrStringIfPresent(forKey: .longitude)
        accuracy = try container.decodeFlickrStringIfPresent(forKey: .accuracy)
        context = try container.decodeFlickrIntIfPresent(forKey: .context)
        placeID = try container.decodeFlickrStringIfPresent(forKey: .placeID)
        woeID = try container.decodeFlickrStringIfPresent(forKey: .woeID)
        geoIsPublic = try container.decodeFlickrIntIfPresent(forKey: .geoIsPublic)
        geoIsContact = try container.decodeFlickrIntIfPresent(forKey: .geoIsContact)
        geoIsFriend = try container.decodeFlickrIntIfPresent(forKey: .geoIsFriend)
        geoIsFamily = try container.decodeFlickrIntIfPresent(forKey: .geoIsFamily)
        tags = try container.decodeFlickrStringIfPresent(forKey: .tags)
        machineTags = try container.decodeFlickrStringIfPresent(forKey: .machineTags)
        originalWidth = try container.decodeFlickrStringIfPresent(forKey: .originalWidth)
        originalHeight = try container.decodeFlickrStringIfPresent(forKey: .originalHeight)
        views = try container.decodeFlickrStringIfPresent(forKey: .views)
        media = try container.decodeFlickrStringIfPresent(forKey: .media)
        mediaStatus = try container.decodeFlickrStringIfPresent(forKey: .mediaStatus)
        pathAlias = try container.decodeFlickrStringIfPresent(forKey: .pathAlias)
        let sized = try decoder.container(keyedBy: SizeKey.self)
        sizes = try FlickrURLExtra.allCases.compactMap { size in
            guard let url = try sized.decodeFlickrStringIfPresent(forKey: SizeKey(stringValue: "url_" + size.rawValue))
            else { return nil }
            let width = try sized.decodeFlickrIntIfPresent(forKey: SizeKey(stringValue: "width_" + size.rawValue))
            let height = try sized.decodeFlickrIntIfPresent(forKey: SizeKey(stringValue: "height_" + size.rawValue))
            return FlickrSizedURL(size: size, url: url, width: width ?? 0, height: height ?? 0)
        }
    }

    /// Writes the photo in Flickr's member order: the nine members every list photo has, then the extras, then
    /// each size's `url_X`, `height_X` and `width_X`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encode(secret, forKey: .secret)
        try container.encode(server, forKey: .server)
        try container.encode(farm, forKey: .farm)
        try container.encode(title, forKey: .title)
        try container.encode(isPublic, forKey: .isPublic)
        try container.encode(isFriend, forKey: .isFriend)
        try container.encode(isFamily, forKey: .isFamily)
        try container.encodeIfPresent(isPrimary, forKey: .isPrimary)
        try container.encodeIfPresent(dateFaved, forKey: .dateFaved)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(license, forKey: .license)
        try container.encodeIfPresent(dateUpload, forKey: .dateUpload)
        try container.encodeIfPresent(dateTaken, forKey: .dateTaken)
        try container.encodeIfPresent(dateTakenGranularity, forKey: .dateTakenGranularity)
        try container.encodeIfPresent(dateTakenUnknown, forKey: .dateTakenUnknown)
        try container.encodeIfPresent(ownerName, forKey: .ownerName)
        try container.encodeIfPresent(iconServer, forKey: .iconServer)
        try container.encodeIfPresent(iconFarm, forKey: .iconFarm)
        try container.encodeIfPresent(originalSecret, forKey: .originalSecret)
        try container.encodeIfPresent(originalFormat, forKey: .originalFormat)
        try container.encodeIfPresent(lastUpdate, forKey: .lastUpdate)
        try container.encodeIfPresent(latitude, forKey: .latitude)
        try container.encodeIfPresent(longitude, forKey: .longitude)
        try container.encodeIfPresent(accuracy, forKey: .accuracy)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encodeIfPresent(placeID, forKey: .placeID)
        try container.encodeIfPresent(woeID, forKey: .woeID)
        try container.encodeIfPresent(geoIsPublic, forKey: .geoIsPublic)
        try container.encodeIfPresent(geoIsContact, forKey: .geoIsContact)
        try container.encodeIfPresent(geoIsFriend, forKey: .geoIsFriend)
        try container.encodeIfPresent(geoIsFamily, forKey: .geoIsFamily)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(machineTags, forKey: .machineTags)
        try container.encodeIfPresent(originalWidth, forKey: .originalWidth)
        try container.encodeIfPresent(originalHeight, forKey: .originalHeight)
        try container.encodeIfPresent(views, forKey: .views)
        try container.encodeIfPresent(media, forKey: .media)
        try container.encodeIfPresent(mediaStatus, forKey: .mediaStatus)
        try container.encodeIfPresent(pathAlias, forKey: .pathAlias)
        var sized = encoder.container(keyedBy: SizeKey.self)
        for size in sizes {
            try sized.encode(size.url, forKey: SizeKey(stringValue: "url_" + size.size.rawValue))
            try sized.encode(size.height, forKey: SizeKey(stringValue: "height_" + size.size.rawValue))
            try sized.encode(size.width, forKey: SizeKey(stringValue: "width_" + size.size.rawValue))
        }
    }
}
