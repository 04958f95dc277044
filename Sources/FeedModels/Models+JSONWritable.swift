import Foundation

// The hot wire models write their own JSON (see ``JSONWriter``). Keys and their order mirror the `encode(to:)`
// implementations exactly; `JSONWriterTests` compares both outputs for every model.

extension Photo: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("slug", slug)
            json.key("created_at", createdAt)
            json.key("updated_at", updatedAt)
            json.key("promoted_at", promotedAt)
            json.key("width", width)
            json.key("height", height)
            json.key("color", color)
            json.key("blur_hash", blurHash)
            json.key("description", description)
            json.key("alt_description", altDescription)
            json.key("breadcrumbs", strings: breadcrumbs)
            json.key("urls", urls)
            json.key("links", links)
            json.key("likes", likes)
            json.key("liked_by_user", likedByUser)
            json.key("current_user_collections", currentUserCollections)
            json.key("sponsorship", nil as String?)
            json.key("topic_submissions", EmptyObject())
            json.key("asset_type", "photo")
            json.key("user", user)
            if let exif { json.key("exif", exif) }
            if let location { json.key("location", location) }
            json.key("tags", tags)
            if let topics {
                json.key("meta", PhotoMetaWriter())
                json.key("public_domain", false)
                json.key("tags_preview", Array(tags.prefix(3)))
                json.key("topics", topics)
            }
            if let views { json.key("views", views) }
            if let downloads { json.key("downloads", downloads) }
            json.key("taken_at", takenAt)
            if let original { json.key("original", original) }
            if let statistics { json.key("statistics", statistics) }
            if let license { json.key("license", license) }
            if let source { json.key("source", source) }
        }
    }
}

extension PhotoTopic: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("title", title)
            json.key("slug", slug)
            json.key("visibility", visibility)
        }
    }
}

extension PhotoStatistics: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            if let id { json.key("id", id) }
            if let username { json.key("username", username) }
            json.key("downloads", downloads)
            json.key("views", views)
            json.key("likes", likes)
        }
    }
}

extension StatisticsCounter: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("total", total)
            json.key("historical", historical)
        }
    }
}

extension StatisticsHistory: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("change", change)
            json.key("resolution", resolution)
            json.key("quantity", quantity)
            json.key("values", values)
        }
    }
}

extension StatisticsValue: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("date", date)
            json.key("value", value)
        }
    }
}

extension PhotoURLs: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("raw", raw)
            json.key("full", full)
            json.key("regular", regular)
            json.key("small", small)
            json.key("thumb", thumb)
            json.key("small_s3", smallS3)
        }
    }
}

extension PhotoLinks: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("self", self.`self`)
            json.key("html", html)
            json.key("download", download)
            json.key("download_location", downloadLocation)
        }
    }
}

extension Exif: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("make", make)
            json.key("model", model)
            json.key("name", name)
            json.key("exposure_time", exposureTime)
            json.key("aperture", aperture)
            json.key("focal_length", focalLength)
            json.key("iso", iso)
        }
    }
}

extension Location: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("name", name)
            json.key("city", city)
            json.key("country", country)
            json.key("position", position)
        }
    }
}

extension Position: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("latitude", latitude)
            json.key("longitude", longitude)
        }
    }
}

extension Tag: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("type", type)
            json.key("title", title)
        }
    }
}

extension OriginalFile: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("bytes", bytes)
            json.key("format", format)
        }
    }
}

extension CollectionReference: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("title", title)
        }
    }
}

extension User: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("updated_at", updatedAt)
            json.key("username", username)
            json.key("name", name)
            json.key("first_name", firstName)
            json.key("last_name", lastName)
            json.key("twitter_username", twitterUsername)
            json.key("portfolio_url", portfolioUrl)
            json.key("bio", bio)
            json.key("location", location)
            json.key("links", links)
            json.key("profile_image", profileImage)
            json.key("instagram_username", instagramUsername)
            json.key("total_collections", totalCollections)
            json.key("total_likes", totalLikes)
            json.key("total_photos", totalPhotos)
            json.key("accepted_tos", acceptedTos)
            json.key("for_hire", forHire)
            json.key("social", social)
            if isFull {
                json.key("followers_count", followersCount)
                json.key("following_count", followingCount)
                if let downloads { json.key("downloads", downloads) }
                json.key("followed_by_user", followedByUser ?? false)
                json.key("photos", photos ?? [])
                json.key("badge", nil as String?)
                json.key("tags", UserTagsWriter())
                json.key("allow_messages", false)
                json.key("numeric_id", numericId.map(Int.init))
                json.key("address", address)
                json.key("phone", phone)
                json.key("website", website)
                json.key("company", company)
            }
            if let email { json.key("email", email) }
            if let device { json.key("device", device) }
            if let language { json.key("language", language) }
            if let exactLocationPublic { json.key("exact_location_public", exactLocationPublic) }
            if let uid { json.key("uid", uid) }
            if let uploadsRemaining { json.key("uploads_remaining", uploadsRemaining) }
            if let unlimitedUploads { json.key("unlimited_uploads", unlimitedUploads) }
        }
    }
}

extension UserLinks: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("self", self.`self`)
            json.key("html", html)
            json.key("photos", photos)
            json.key("likes", likes)
            json.key("portfolio", portfolio)
            json.key("following", following)
            json.key("followers", followers)
        }
    }
}

extension UserSocial: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("instagram_username", instagramUsername)
            json.key("portfolio_url", portfolioUrl)
            json.key("twitter_username", twitterUsername)
            json.key("paypal_email", paypalEmail)
        }
    }
}

extension PreviewPhoto: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("created_at", createdAt)
            json.key("updated_at", updatedAt)
            json.key("blur_hash", blurHash)
            json.key("urls", urls)
        }
    }
}

extension ProfileImage: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("small", small)
            json.key("medium", medium)
            json.key("large", large)
        }
    }
}

extension Device: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("name", name)
            json.key("kind", kind)
            json.key("width", width)
            json.key("height", height)
        }
    }
}

extension Collection: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("title", title)
            json.key("description", description)
            json.key("published_at", publishedAt)
            json.key("last_collected_at", lastCollectedAt)
            json.key("updated_at", updatedAt)
            json.key("featured", featured)
            json.key("total_photos", totalPhotos)
            json.key("private", `private`)
            json.key("share_key", shareKey)
            json.key("cover_photo", coverPhoto)
            json.key("user", user)
            json.key("links", links)
            json.key("curated", curated)
            json.key("tags", tags)
            json.key("preview_photos", previewPhotos)
            if let meta { json.key("meta", meta) }
        }
    }
}

extension CollectionLinks: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("self", self.`self`)
            json.key("html", html)
            json.key("photos", photos)
            json.key("related", related)
        }
    }
}

extension CollectionMeta: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("title", title)
            json.key("description", description)
            json.key("index", index)
            json.key("canonical", canonical)
        }
    }
}

extension TagCount: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("title", title)
            json.key("count", count)
        }
    }
}

extension PhotoSearchResults: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("total", total)
            json.key("total_pages", totalPages)
            json.key("results", results)
            json.key("tags", tags)
        }
    }
}

extension SearchResults: JSONWritable where Result: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("total", total)
            json.key("total_pages", totalPages)
            json.key("results", results)
        }
    }
}
