import FeedModels
import Foundation
import Testing

@Suite("Wire format")
struct WireFormatTests {
    /// A trimmed real `GET /photos` item as Unsplash sent it in 2023 (from the API reference, §3.1).
    static let unsplashListItem = """
        {"id":"hlPongnSUns","slug":"a-number-of-hot-air-balloons-flying-in-the-sky-hlPongnSUns",
         "created_at":"2023-08-18T16:01:51Z","updated_at":"2023-09-04T06:40:31Z","promoted_at":null,
         "width":6000,"height":4002,"color":"#0c4059","blur_hash":"LzFiDVRQR*j[~VRjWVbH?GRjjZay",
         "description":null,"alt_description":"a number of hot air balloons flying in the sky","breadcrumbs":[],
         "urls":{"raw":"https://images.unsplash.com/photo-1?ixid=x","full":"https://images.unsplash.com/photo-1?q=85",
                 "regular":"https://images.unsplash.com/photo-1?w=1080","small":"https://images.unsplash.com/photo-1?w=400",
                 "thumb":"https://images.unsplash.com/photo-1?w=200","small_s3":"https://s3.example/small/photo-1"},
         "links":{"self":"https://api.unsplash.com/photos/x","html":"https://unsplash.com/photos/x",
                  "download":"https://unsplash.com/photos/x/download","download_location":"https://api.unsplash.com/photos/x/download"},
         "likes":166,"liked_by_user":false,"current_user_collections":[],"sponsorship":null,
         "user":{"id":"D-dK8AeFMnM","updated_at":"2023-09-04T06:40:31Z","username":"someone","name":"Some One",
                 "first_name":"Some","last_name":"One","links":{"self":"a","html":"b","photos":"c","likes":"d","portfolio":"e"},
                 "profile_image":{"small":"s","medium":"m","large":"l"},"total_collections":1,"total_likes":2,
                 "total_photos":3,"accepted_tos":true,"for_hire":false}}
        """

    @Test func real_unsplash_photos_decode() throws {
        let photo = try FeedJSON.makeDecoder().decode(Photo.self, from: Data(Self.unsplashListItem.utf8))
        #expect(photo.id == "hlPongnSUns")
        #expect(photo.likes == 166)
        #expect(photo.tags.isEmpty)
        #expect(photo.exif == nil)
        #expect(photo.user.name == "Some One")
    }

    @Test func dates_have_no_fractional_seconds() throws {
        // setup: a date with a fraction
        let photo = try FeedJSON.makeDecoder().decode(Photo.self, from: Data(Self.unsplashListItem.utf8))
        var shifted = photo
        shifted.createdAt = Date(timeIntervalSince1970: 1_700_000_000.75)
        // act
        let json = String(decoding: try FeedJSON.makeEncoder().encode(shifted), as: UTF8.self)
        // assert
        #expect(json.contains(#""created_at":"2023-11-14T22:13:20Z""#))
        #expect(!json.contains(".75"))
    }

    @Test func nullable_keys_are_sent_as_null() throws {
        let photo = try FeedJSON.makeDecoder().decode(Photo.self, from: Data(Self.unsplashListItem.utf8))
        let object = try #require(
            try JSONSerialization.jsonObject(with: FeedJSON.makeEncoder().encode(photo)) as? [String: Any]
        )
        #expect(object["description"] is NSNull)
        #expect(object.keys.contains("blur_hash"))
        let user = try #require(object["user"] as? [String: Any])
        #expect(user["bio"] is NSNull)
        #expect(user["name"] as? String == "Some One")
        #expect(user["email"] == nil)
    }

    @Test func user_name_falls_back_to_the_username() {
        let links = UserLinks(self: "a", html: "b", photos: "c", likes: "d", portfolio: "e")
        let image = ProfileImage(small: "s", medium: "m", large: "l")
        let user = User(
            id: "1", updatedAt: Date(), username: "mate", firstName: "", lastName: nil, bio: nil, location: nil,
            portfolioUrl: nil, instagramUsername: nil, links: links, profileImage: image, totalCollections: 0,
            totalLikes: 0, totalPhotos: 0
        )
        #expect(user.name == "mate")
        #expect(user.firstName == "")
    }

    @Test func search_results_use_snake_case_keys() throws {
        let results = SearchResults<TagCount>(total: 3, totalPages: 1, results: [TagCount(title: "a", count: 1)])
        let json = String(decoding: try FeedJSON.makeEncoder().encode(results), as: UTF8.self)
        #expect(json.contains(#""total_pages":1"#))
    }
}
