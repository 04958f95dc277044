import FeedModels

extension FlickrController {
    static let photoMethods: [FlickrMethod] = [
        FlickrMethod(
            "flickr.photos.getInfo", "A photo: its owner, dates, licence, tags, position and page.",
            arguments: [photoID, .optional("secret", "Ignored: every photo a caller can see is public.")],
            errors: [.photoNotFound]
        ) { try await $0.info($1) },
        FlickrMethod(
            "flickr.photos.getSizes", "Every size of a photo, the original last.", arguments: [photoID],
            errors: [.photoNotFound]
        ) {
            try await $0.sizes($1)
        },
        FlickrMethod(
            "flickr.photos.getExif", "The camera settings read from a photo's file.",
            arguments: [photoID, .optional("secret", "Ignored.")], errors: [.photoNotFound]
        ) { try await $0.exif($1) },
        FlickrMethod(
            "flickr.photos.geo.getLocation", "Where a photo was taken, as precisely as its owner shows it.",
            arguments: [photoID], errors: [.photoNotFound, FlickrFailure(2, "Photo has no location information.")]
        ) { try await $0.location($1) },
        FlickrMethod(
            "flickr.photos.getAllContexts", "The albums holding a photo (there are no groups).", arguments: [photoID],
            errors: [.photoNotFound]
        ) { try await $0.contexts($1) },
        FlickrMethod(
            "flickr.photos.getContext", "The photos before and after one in its owner's photostream.",
            arguments: [photoID],
            errors: [.photoNotFound]
        ) { try await $0.context($1) },
        FlickrMethod(
            "flickr.photos.people.getList", "The people tagged in a photo: none in a library.", arguments: [photoID],
            errors: [.photoNotFound]
        ) { try await $0.people($1) },
        FlickrMethod(
            "flickr.photos.comments.getList", "A photo's comments: none in a library.",
            arguments: [photoID, .optional("min_comment_date", "Ignored."), .optional("max_comment_date", "Ignored.")],
            errors: [.photoNotFound]
        ) { try await $0.comments($1) },
        FlickrMethod(
            "flickr.galleries.getListForPhoto", "The galleries holding a photo: none in a library.",
            arguments: [photoID, perPage, page], errors: [.photoNotFound]
        ) { try await $0.galleries($1) },
        FlickrMethod("flickr.photos.licenses.getInfo", "Flickr's licences, 0 to 16, with their names and URLs.") {
            $0.licenses($1)
        },
        FlickrMethod(
            "flickr.photos.licenses.getLicenseHistory", "A photo's licence, dated when it was posted.",
            arguments: [photoID],
            errors: [.photoNotFound]
        ) { try await $0.licenseHistory($1) },
        FlickrMethod(
            "flickr.tags.getListPhoto", "A photo's tags, raw and normalised.", arguments: [photoID],
            errors: [.photoNotFound]
        ) {
            try await $0.tagList($1)
        },
        FlickrMethod(
            "flickr.tags.getHotList", "The tags most used on the photos of the last day or week.",
            arguments: [
                .optional("period", "day (the default) or week."), .optional("count", "How many, 20 unless given."),
            ]
        ) { try await $0.hotTags($1) },
        FlickrMethod(
            "flickr.tags.getRelated", "The tags found most often with a tag.",
            arguments: [.required("tag", "The tag.")],
            errors: [FlickrFailure(1, "Tag not found")]
        ) { try await $0.relatedTags($1) },
    ]
}
