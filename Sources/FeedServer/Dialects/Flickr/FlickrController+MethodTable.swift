import FeedModels

/// The Flickr methods served: the one list that answers calls, flickr.reflection.getMethods and getMethodInfo,
/// and the README's list of methods (checked by a test against it).
extension FlickrController {
    static let methods: [FlickrMethod] = photoListMethods + photoMethods + peopleMethods + serviceMethods

    static let photoID = FlickrMethod.Argument.required("photo_id", "The photo's id.")
    static let extras = FlickrMethod.Argument.optional(
        "extras",
        "Comma-separated: description, license, date_upload, date_taken, owner_name, icon_server, "
            + "original_format, last_update, geo, tags, machine_tags, o_dims, views, media, path_alias and the url_* sizes."
    )
    static let perPage = FlickrMethod.Argument.optional("per_page", "Photos per page, 100 unless given, at most 500.")
    static let page = FlickrMethod.Argument.optional("page", "The page, from 1.")
    static let userID = FlickrMethod.Argument.required("user_id", "An NSID, a username, or me when signed in.")

    static let photoListMethods: [FlickrMethod] = [
        FlickrMethod(
            "flickr.photos.search", "Photos matching words, tags, a person, dates, a licence or a place.",
            arguments: [
                .optional("text", "Words in the title, description or tags; -word excludes."),
                .optional("tags", "Comma-separated tags; -tag excludes."),
                .optional("tag_mode", "any (the default) or all."), .optional("user_id", "The owner."),
                .optional("min_upload_date", "A unix time or a MySQL datetime."),
                .optional("max_upload_date", "A unix time or a MySQL datetime."),
                .optional("min_taken_date", "A MySQL datetime or a unix time."),
                .optional("max_taken_date", "A MySQL datetime or a unix time."),
                .optional("license", "Comma-separated licence numbers (flickr.photos.licenses.getInfo)."),
                .optional(
                    "sort",
                    "date-posted-desc (the default), date-posted-asc, date-taken-asc, date-taken-desc, "
                        + "interestingness-desc, interestingness-asc or relevance."),
                .optional("bbox", "minimum_longitude,minimum_latitude,maximum_longitude,maximum_latitude."),
                .optional("has_geo", "1 for photos with a position, 0 for those without."),
                .optional("lat", "Latitude of a radial search."), .optional("lon", "Longitude of a radial search."),
                .optional("radius", "Up to 32 km (20 mi), 5 unless given."),
                .optional("radius_units", "km (the default) or mi."), extras, perPage, page,
            ],
            errors: [
                FlickrFailure(1, "Too many tags in ALL query"), FlickrFailure(2, "Unknown user"),
                FlickrFailure(3, "Parameterless searches have been disabled"), FlickrFailure(18, "Illogical arguments"),
            ]
        ) { try await $0.search($1) },
        FlickrMethod("flickr.photos.getRecent", "The newest photos.", arguments: [extras, perPage, page]) {
            try await $0.recent($1)
        },
        FlickrMethod(
            "flickr.interestingness.getList", "The most liked photos.",
            arguments: [.optional("date", "Ignored: the list is today's."), extras, perPage, page]
        ) { try await $0.interesting($1) },
        FlickrMethod(
            "flickr.people.getPublicPhotos", "A person's photos, newest first.",
            arguments: [userID, extras, perPage, page],
            errors: [.userNotFound]
        ) { try await $0.publicPhotos($1) },
        FlickrMethod(
            "flickr.favorites.getList", "The photos a person likes, with when (the caller's when no user_id).",
            arguments: [
                .optional("user_id", "The person; the signed-in caller when not given."), extras, perPage, page,
            ],
            errors: [.userNotFound]
        ) { try await $0.favorites($1) },
        FlickrMethod(
            "flickr.favorites.getPublicList", "The photos a person likes, with when.",
            arguments: [userID, extras, perPage, page], errors: [.userNotFound]
        ) { try await $0.publicFavorites($1) },
        FlickrMethod(
            "flickr.favorites.add", "Likes a photo.", permission: .write, arguments: [photoID],
            errors: [
                .photoNotFound, FlickrFailure(2, "Photo is owned by you"),
                FlickrFailure(3, "Photo is already in favorites"),
            ]
        ) { try await $0.addFavorite($1) },
        FlickrMethod(
            "flickr.favorites.remove", "Stops liking a photo.", permission: .write, arguments: [photoID],
            errors: [FlickrFailure(1, "Photo not in favorites")]
        ) { try await $0.removeFavorite($1) },
    ]

    static let peopleMethods: [FlickrMethod] = [
        FlickrMethod(
            "flickr.people.getInfo", "A person: names, pages and photo count.", arguments: [userID],
            errors: [.userNotFound]
        ) {
            try await $0.person($1)
        },
        FlickrMethod(
            "flickr.people.findByUsername", "A person's NSID from their username.",
            arguments: [.required("username", "The username.")], errors: [.userNotFound]
        ) { try await $0.findByUsername($1) },
        FlickrMethod(
            "flickr.people.findByEmail", "A person's NSID from their email address.",
            arguments: [.required("find_email", "The email address.")], errors: [.userNotFound]
        ) { try await $0.findByEmail($1) },
        FlickrMethod(
            "flickr.urls.lookupUser", "A person from the URL of their profile or photos.",
            arguments: [.required("url", "The URL.")], errors: [.userNotFound]
        ) { try await $0.lookupUser($1) },
        FlickrMethod(
            "flickr.urls.getUserProfile", "The URL of a person's profile.", arguments: [userID], errors: [.userNotFound]
        ) {
            try await $0.userProfileURL($1)
        },
        FlickrMethod(
            "flickr.urls.getUserPhotos", "The URL of a person's photos.", arguments: [userID], errors: [.userNotFound]
        ) {
            try await $0.userPhotosURL($1)
        },
        FlickrMethod("flickr.profile.getProfile", "A person's profile.", arguments: [userID], errors: [.userNotFound]) {
            try await $0.profile($1)
        },
        FlickrMethod(
            "flickr.photosets.getList",
            "A person's albums (the caller's when no user_id); private ones only to their owner.",
            arguments: [.optional("user_id", "The person; the signed-in caller when not given."), page, perPage],
            errors: [.userNotFound]
        ) { try await $0.photosets($1) },
        FlickrMethod(
            "flickr.photosets.getInfo", "An album.", arguments: [.required("photoset_id", "The album's id.")],
            errors: [.photosetNotFound]
        ) { try await $0.photosetInfo($1) },
        FlickrMethod(
            "flickr.photosets.getPhotos", "An album's photos, oldest first.",
            arguments: [
                .required("photoset_id", "The album's id."), .optional("user_id", "Ignored."), extras, perPage, page,
            ],
            errors: [.photosetNotFound]
        ) { try await $0.photosetPhotos($1) },
    ]

    static let serviceMethods: [FlickrMethod] = [
        FlickrMethod("flickr.reflection.getMethods", "Every method served.") { $0.methodList($1) },
        FlickrMethod(
            "flickr.reflection.getMethodInfo", "A served method's arguments and errors.",
            arguments: [.required("method_name", "The method's name.")], errors: [FlickrFailure(1, "Method not found")]
        ) { try $0.methodInfo($1) },
        FlickrMethod("flickr.commons.getInstitutions", "Flickr Commons members: none in a library.") {
            $0.institutions($1)
        },
        FlickrMethod("flickr.test.echo", "Every parameter of the call, back.") { $0.echo($1) },
        FlickrMethod("flickr.test.login", "The signed-in person.", permission: .read) { try $0.login($1) },
        FlickrMethod(
            "flickr.auth.oauth.checkToken", "The signing token, its permission and its person.", permission: .read
        ) {
            try $0.checkToken($1)
        },
    ]
}
