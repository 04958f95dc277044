import FeedKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// FeedKit's real calls against `api.unsplash.com`'s answers as recorded (`Fixtures/unsplash`, shaped as
/// `unsplash-api.md` §3 documents them), served by a ``RecordedTransport``: what FeedKit sends, and what it reads.
@Suite("Unsplash responses")
struct UnsplashDecodingTests {
    /// An app's access key, in Unsplash's form (43 characters of base64url).
    static let accessKey = "Jx7sW3kQm9bLp2Tz8vYc4nRf6hDg1aEu5oKi0wMqXsA"
    /// A user's access token, as `/oauth/token` hands them out.
    static let userToken = "0913a4e6f1b27c58d90e3fa26b7c1d84e5f60a17b2c39d4e8f5a06b1c72d3e49"

    /// The `ixid` of the balloons photo's URLs.
    static let ixid = "M3w0NzM4MjZ8MHwxfGFsbHx8fHx8fHx8fDE2OTM4MTE0OTF8fA"

    /// A client of `api.unsplash.com` whose requests `transport` answers.
    func unsplash(
        _ transport: RecordedTransport, _ credentials: Credentials = .publicKey(UnsplashDecodingTests.accessKey)
    ) -> FeedClient {
        FeedClient(baseURL: FeedClient.unsplashAPIURL, credentials: credentials, transport: transport)
    }

    /// The URLs `transport` was asked for, in order.
    static func urls(_ transport: RecordedTransport) async -> [String?] {
        await transport.requests.map { $0.url?.absoluteString }
    }

    // MARK: - The feed

    static let feedPage1 = RecordedTransport.Route.get(
        "/photos", query: ["page": "1"],
        .list(
            "photos-page-1", total: 106_524, perPage: 3,
            links: [
                ("last", "https://api.unsplash.com/photos?order_by=latest&page=35508&per_page=3"),
                ("next", "https://api.unsplash.com/photos?order_by=latest&page=2&per_page=3"),
            ]))
    static let feedPage2 = RecordedTransport.Route.get(
        "/photos", query: ["page": "2"],
        .list(
            "photos-page-2", total: 106_524, perPage: 3,
            links: [
                ("first", "https://api.unsplash.com/photos?order_by=latest&page=1&per_page=3"),
                ("prev", "https://api.unsplash.com/photos?order_by=latest&page=1&per_page=3"),
                ("last", "https://api.unsplash.com/photos?order_by=latest&page=35508&per_page=3"),
                ("next", "https://api.unsplash.com/photos?order_by=latest&page=3&per_page=3"),
            ]))

    @Test func readsTheFeedsFirstPage() async throws {
        // setup
        let transport = RecordedTransport([Self.feedPage1])
        // act
        let page = try await unsplash(transport).photos(perPage: 3).first()
        // assert
        let request = try #require(await transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.unsplash.com/photos?page=1&per_page=3&order_by=latest")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Client-ID \(Self.accessKey)")
        #expect(request.value(forHTTPHeaderField: "Accept-Version") == "v1")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")

        #expect(page.items.map(\.id) == ["hlPongnSUns", "Kq9mZ2vTn4E", "7Zx4pL0sQcY"])
        #expect(page.total == 106_524)
        #expect(page.totalPages == nil)
        #expect(page.tags.isEmpty)
        #expect(page.next?.absoluteString == "https://api.unsplash.com/photos?order_by=latest&page=2&per_page=3")

        let balloons = page.items[0]
        #expect(balloons.slug == "a-number-of-hot-air-balloons-flying-in-the-sky-hlPongnSUns")
        #expect(balloons.createdAt == Date(timeIntervalSince1970: 1_692_374_511))
        #expect(balloons.promotedAt == Date(timeIntervalSince1970: 1_692_827_281))
        #expect(balloons.width == 6000 && balloons.height == 4002)
        #expect(balloons.color == "#0c4059")
        #expect(balloons.blurHash == "LzFiDVRQR*j[~VRjWVbH?GRjjZay")
        #expect(balloons.likes == 166 && !balloons.likedByUser)
        #expect(balloons.breadcrumbs.isEmpty && balloons.currentUserCollections.isEmpty)
        // A list's photos are basic: none of the full photo's keys.
        #expect(balloons.exif == nil && balloons.location == nil)
        #expect(balloons.views == nil && balloons.downloads == nil)
        #expect(balloons.tags.isEmpty && !balloons.isFull)
        let downloadLocation = "https://api.unsplash.com/photos/hlPongnSUns/download?ixid=\(Self.ixid)"
        #expect(balloons.links.downloadLocation == downloadLocation)

        // The sponsored photo (a `sponsorship` object, no `promoted_at`) is read like the others.
        let sponsored = page.items[1]
        #expect(sponsored.promotedAt == nil)
        #expect(sponsored.user.username == "nordicloft")
        #expect(sponsored.user.name == "Nordic Loft" && sponsored.user.lastName == nil)
    }

    @Test func readsThePhotographerOfAListedPhoto() async throws {
        // setup
        let transport = RecordedTransport([Self.feedPage1])
        // act
        let user = try await unsplash(transport).photos(perPage: 3).first().items[0].user
        // assert
        #expect(user.id == "hUe9yn3Bpn8")
        #expect(user.username == "ozgemalkoc")
        #expect(user.name == "Özge Malkoç" && user.firstName == "Özge" && user.lastName == "Malkoç")
        #expect(user.updatedAt == Date(timeIntervalSince1970: 1_693_750_927))
        #expect(user.links.html == "https://unsplash.com/@ozgemalkoc")
        #expect(user.links.photos == "https://api.unsplash.com/users/ozgemalkoc/photos")
        #expect(user.links.followers == "https://api.unsplash.com/users/ozgemalkoc/followers")
        let avatar =
            "https://images.unsplash.com/profile-1661352211347-6c4b8d8f2b5eimage"
            + "?ixlib=rb-4.0.3&crop=faces&fit=crop"
        #expect(user.profileImage.small == avatar + "&w=32&h=32")
        #expect(user.profileImage.medium == avatar + "&w=64&h=64")
        #expect(user.profileImage.large == avatar + "&w=128&h=128")
        #expect(user.totalPhotos == 318 && user.totalLikes == 212 && user.totalCollections == 4)
        #expect(user.forHire && user.acceptedTos)
        #expect(user.social.instagramUsername == "ozgemalkoc" && user.social.paypalEmail == nil)
        #expect(!user.isFull)
    }

    @Test func followsNextToTheSecondPage() async throws {
        // setup
        let transport = RecordedTransport([Self.feedPage1, Self.feedPage2])
        // act
        var pages: [Page<Photo>] = []
        for try await page in unsplash(transport).photos(perPage: 3) {
            pages.append(page)
            if pages.count == 2 { break }
        }
        // assert
        #expect(
            pages.map { $0.items.map(\.id) } == [
                ["hlPongnSUns", "Kq9mZ2vTn4E", "7Zx4pL0sQcY"], ["Wd2Vq8nHj3k", "bR5tF1yXm0o"],
            ])
        let urls = await Self.urls(transport)
        #expect(
            urls == [
                "https://api.unsplash.com/photos?page=1&per_page=3&order_by=latest",
                "https://api.unsplash.com/photos?order_by=latest&page=2&per_page=3",
            ])
        #expect(pages[1].next?.absoluteString == "https://api.unsplash.com/photos?order_by=latest&page=3&per_page=3")
        #expect(pages[1].total == 106_524)
    }

    // MARK: - One photo

    @Test func readsAFullPhoto() async throws {
        // setup
        let transport = RecordedTransport([.get("/photos/hlPongnSUns", .json("photo"))])
        // act
        let photo = try await unsplash(transport).photo("hlPongnSUns")
        // assert
        #expect(await Self.urls(transport) == ["https://api.unsplash.com/photos/hlPongnSUns"])
        #expect(photo.id == "hlPongnSUns")
        #expect(photo.createdAt == Date(timeIntervalSince1970: 1_692_374_511))
        #expect(photo.updatedAt == Date(timeIntervalSince1970: 1_693_809_631))
        #expect(photo.description == nil)
        #expect(photo.altDescription == "a number of hot air balloons flying in the sky")
        #expect(photo.isFull)

        let exif = try #require(photo.exif)
        #expect(exif.make == "SONY" && exif.model == "ILCE-7RM3" && exif.name == "SONY, ILCE-7RM3")
        #expect(exif.exposureTime == "1/1000")
        #expect(exif.aperture == "5.6")
        #expect(exif.focalLength == "35.0")
        #expect(exif.iso == 100)

        let location = try #require(photo.location)
        #expect(location.name == "Cappadocia, Türkei" && location.city == nil && location.country == "Türkei")
        #expect(location.position == Position(latitude: 38.658664, longitude: 34.85316))

        #expect(photo.tags.map(\.title) == ["hills", "hot air balloon", "turkey", "göreme"])
        #expect(photo.tags.map(\.type) == ["search", "search", "landing_page", "search"])
        #expect(photo.views == 2_458_107 && photo.downloads == 15_340)
        #expect(
            photo.topics == [
                PhotoTopic(id: "Fzo3zuOHN6w", title: "Travel", slug: "travel", visibility: "featured")
            ])
        #expect(photo.user.username == "ozgemalkoc")
    }

    @Test func cutsAnUnsplashPhotoKeepingItsTrackingParameters() async throws {
        // setup
        let transport = RecordedTransport([.get("/photos/hlPongnSUns", .json("photo"))])
        let photo = try await unsplash(transport).photo("hlPongnSUns")
        // act
        let url = photo.url(ImageRendition(width: 400, dpr: 3))
        // assert
        let raw = "https://images.unsplash.com/photo-1692374227159-2d3592f274c9?ixid=\(Self.ixid)&ixlib=rb-4.0.3"
        #expect(photo.urls.raw == raw)
        #expect(
            photo.urls.smallS3
                == "https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-1692374227159-2d3592f274c9")
        #expect(url?.absoluteString == raw + "&w=400&dpr=3")
    }

    // MARK: - Search

    @Test func readsASearchWithoutATagsFacet() async throws {
        // setup
        let transport = RecordedTransport([
            .get(
                "/search/photos", query: ["query": "balloons"],
                .list(
                    "search-photos", total: 2486, perPage: 3,
                    links: [
                        (
                            "last",
                            "https://api.unsplash.com/search/photos?order_by=relevant&page=829&per_page=3&query=balloons"
                        ),
                        (
                            "next",
                            "https://api.unsplash.com/search/photos?order_by=relevant&page=2&per_page=3&query=balloons"
                        ),
                    ]))
        ])
        // act
        let page = try await unsplash(transport).searchPhotos("balloons", perPage: 3).first()
        // assert
        #expect(
            await Self.urls(transport) == [
                "https://api.unsplash.com/search/photos?query=balloons&page=1&per_page=3&order_by=relevant"
            ])
        #expect(page.total == 2486)
        #expect(page.totalPages == 829)
        #expect(page.tags.isEmpty)
        #expect(page.items.map(\.id) == ["hlPongnSUns", "Cn3hGv9Lp2w", "Ua7sXe4Kd1q"])
        #expect(page.items[0].tags.map(\.title) == ["hot air balloon", "turkey", "hills"])
        #expect(page.items[2].createdAt == Date(timeIntervalSince1970: 1_530_103_473))
        #expect(
            page.next?.absoluteString
                == "https://api.unsplash.com/search/photos?order_by=relevant&page=2&per_page=3&query=balloons")
    }

    // MARK: - People

    @Test func readsAFullUser() async throws {
        // setup
        let transport = RecordedTransport([.get("/users/ozgemalkoc", .json("user"))])
        // act
        let user = try await unsplash(transport).user("ozgemalkoc")
        // assert
        #expect(await Self.urls(transport) == ["https://api.unsplash.com/users/ozgemalkoc"])
        #expect(user.isFull)
        #expect(user.followersCount == 1287 && user.followingCount == 64)
        #expect(user.downloads == 482_113)
        #expect(user.numericId == 33_871_409)
        #expect(user.followedByUser == false)
        #expect(user.location == "Nevşehir, Türkiye")
        #expect(user.portfolioUrl == "https://ozgemalkoc.com")
        #expect(user.email == nil && user.uid == nil)
        // Previews as §3.2 documents them: `urls` without `small_s3`, which then is `small`.
        let previews = try #require(user.photos)
        #expect(previews.map(\.id) == ["hlPongnSUns", "bR5tF1yXm0o", "Cn3hGv9Lp2w"])
        #expect(previews[0].createdAt == Date(timeIntervalSince1970: 1_692_374_511))
        #expect(previews[0].urls.smallS3 == previews[0].urls.small)
    }

    @Test func readsMeWithAUserToken() async throws {
        // setup
        let transport = RecordedTransport([.get("/me", .json("me"))])
        // act
        let me = try await unsplash(transport, .userToken(Self.userToken)).me()
        // assert
        let request = try #require(await transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.unsplash.com/me")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.userToken)")
        #expect(request.value(forHTTPHeaderField: "Accept-Version") == "v1")
        #expect(me.username == "ada_dev")
        #expect(me.email == "ada@example.com")
        #expect(me.uid == "fQ8Hm1sJ2Zk")
        #expect(me.uploadsRemaining == 10 && me.unlimitedUploads == false)
        #expect(me.numericId == 1_108_824)
        // The 2019 recordings' offset form: 11:00:28 at UTC−4.
        #expect(me.updatedAt == Date(timeIntervalSince1970: 1_462_287_628))
        #expect(me.photos?.isEmpty == true)
    }

    // MARK: - Albums and topics

    @Test func readsACollection() async throws {
        // setup
        let transport = RecordedTransport([.get("/collections/4397820", .json("collection"))])
        // act
        let collection = try await unsplash(transport).collection("4397820")
        // assert
        #expect(await Self.urls(transport) == ["https://api.unsplash.com/collections/4397820"])
        #expect(collection.id == "4397820" && collection.title == "Balloons")
        #expect(collection.publishedAt == Date(timeIntervalSince1970: 1_558_423_935))
        #expect(collection.totalPhotos == 87 && collection.featured && !collection.private && !collection.curated)
        #expect(collection.shareKey == "7b3f0f2c4a8e4e1d9c6b5a4f3e2d1c0b")
        #expect(collection.tags.map(\.title) == ["balloon", "hot air balloon", "turkey"])
        #expect(collection.coverPhoto?.id == "hlPongnSUns")
        #expect(collection.coverPhoto?.user.username == "ozgemalkoc")
        #expect(collection.previewPhotos?.map(\.id) == ["hlPongnSUns", "bR5tF1yXm0o", "Cn3hGv9Lp2w"])
        #expect(collection.user.username == "ozgemalkoc")
        #expect(collection.links.html == "https://unsplash.com/collections/4397820/balloons")
        #expect(collection.links.related == "https://api.unsplash.com/collections/4397820/related")
        #expect(
            collection.meta
                == CollectionMeta(
                    title: "Balloons | Unsplash", description: "Hot air balloons over valleys, seas and cities.",
                    index: true,
                    canonical: nil))
    }

    @Test func readsTheTopics() async throws {
        // setup
        let transport = RecordedTransport([
            .get(
                "/topics",
                .list(
                    "topics", total: 62, perPage: 2,
                    links: [
                        ("last", "https://api.unsplash.com/topics?order_by=featured&page=31&per_page=2"),
                        ("next", "https://api.unsplash.com/topics?order_by=featured&page=2&per_page=2"),
                    ]))
        ])
        // act
        let page = try await unsplash(transport).topics(perPage: 2).first()
        // assert
        #expect(await Self.urls(transport) == ["https://api.unsplash.com/topics?page=1&per_page=2&order_by=featured"])
        #expect(page.items.map(\.slug) == ["travel", "nature"])
        #expect(page.total == 62)
        #expect(page.next?.absoluteString == "https://api.unsplash.com/topics?order_by=featured&page=2&per_page=2")
        let travel = page.items[0]
        #expect(travel.id == "Fzo3zuOHN6w" && travel.title == "Travel")
        #expect(travel.featured && travel.visibility == "featured" && travel.status == "open")
        #expect(travel.startsAt == Date(timeIntervalSince1970: 1_586_908_800))
        #expect(travel.endsAt == nil && travel.onlySubmissionsAfter == nil)
        #expect(travel.owners.map(\.username) == ["unsplash"])
        #expect(travel.coverPhoto?.id == "hlPongnSUns")
        #expect(travel.previewPhotos?.map(\.id) == ["hlPongnSUns", "Cn3hGv9Lp2w"])
        #expect(travel.currentUserContributions.isEmpty)
        #expect(travel.topContributors == nil)
        #expect(travel.links.html == "https://unsplash.com/t/travel")
    }

    // MARK: - Likes

    static let like = RecordedTransport.Route.post("/photos/hlPongnSUns/like", .json("like", status: 201))

    @Test func likesAPhotoThoughTheAnswerHasNoPhotoUser() async throws {
        // setup
        let transport = RecordedTransport([Self.feedPage1, Self.like])
        let client = unsplash(transport, .userToken(Self.userToken))
        let listed = try await client.photos(perPage: 3).first().items[0]
        // act
        let liked = try await client.like(listed)
        // assert
        let request = try #require(await transport.requests.last)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.unsplash.com/photos/hlPongnSUns/like")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.userToken)")
        #expect(await transport.requests.count == 2)
        #expect(listed.likes == 166 && !listed.likedByUser)
        #expect(liked.likes == 167 && liked.likedByUser)
        #expect(liked.id == listed.id && liked.user == listed.user && liked.urls == listed.urls)
    }

    @Test func likesAPhotoByIDAndReadsItAgain() async throws {
        // setup
        let transport = RecordedTransport([Self.like, .get("/photos/hlPongnSUns", .json("photo"))])
        // act
        let liked = try await unsplash(transport, .userToken(Self.userToken)).like("hlPongnSUns")
        // assert
        let requests = await transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.absoluteString ?? "")" }
        #expect(
            requests == [
                "POST https://api.unsplash.com/photos/hlPongnSUns/like",
                "GET https://api.unsplash.com/photos/hlPongnSUns",
            ])
        #expect(liked.id == "hlPongnSUns" && liked.isFull)
        #expect(liked.user.username == "ozgemalkoc")
        // The photo read again may lag; the like's own answer has the counts.
        #expect(liked.likes == 167 && liked.likedByUser)
    }

    // MARK: - Signing in

    @Test func signsInOnUnsplashDotCom() async throws {
        // setup
        let transport = RecordedTransport([.post("/oauth/token", .json("token"))])
        let client = unsplash(transport)
        let configuration = OAuthConfiguration(
            clientID: Self.accessKey, redirectURI: "feedkit-demo://signed-in",
            scopes: ["public", "read_user", "write_likes"])
        let signIn = AuthorizationRequest(client: client, configuration: configuration)
        // act
        let redirect = "feedkit-demo://signed-in?code=Zq3uV8yK1mXc0bN5tR7wE2aS4dF6gH9j&state=\(signIn.state)"
        let code = try signIn.code(fromRedirect: URL(string: redirect)!)
        let token = try await client.exchange(code: code, for: signIn)
        // assert
        let page = try #require(URLComponents(url: signIn.url, resolvingAgainstBaseURL: false))
        #expect(page.scheme == "https" && page.host == "unsplash.com" && page.path == "/oauth/authorize")
        let asked = Dictionary(uniqueKeysWithValues: (page.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(asked["client_id"] == Self.accessKey)
        #expect(asked["redirect_uri"] == "feedkit-demo://signed-in")
        #expect(asked["response_type"] == "code")
        #expect(asked["scope"] == "public read_user write_likes")
        #expect(asked["state"] == signIn.state)
        #expect(asked["code_challenge"] == AuthorizationRequest.challenge(for: signIn.codeVerifier))
        #expect(asked["code_challenge_method"] == "S256")

        let request = try #require(await transport.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://unsplash.com/oauth/token")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        let body = try #require(request.httpBody)
        let fields = URLComponents(string: "?" + String(decoding: body, as: UTF8.self))?.queryItems ?? []
        let form = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value ?? "") })
        #expect(
            form == [
                "grant_type": "authorization_code", "code": "Zq3uV8yK1mXc0bN5tR7wE2aS4dF6gH9j",
                "redirect_uri": "feedkit-demo://signed-in", "client_id": Self.accessKey,
                "code_verifier": signIn.codeVerifier,
            ])

        #expect(token.accessToken == Self.userToken)
        #expect(token.tokenType == "bearer")
        #expect(token.scopes == ["public", "read_user", "write_likes"])
        #expect(token.createdAt == 1_436_544_465)
    }

    // MARK: - Errors

    @Test func anInvalidTokenIsUnauthorized() async throws {
        // setup
        let transport = RecordedTransport([.get("/me", .json("error-invalid-token", status: 401))])
        // act
        let error = await #expect(throws: FeedError.self) { try await unsplash(transport).me() }
        // assert
        #expect(error == .unauthorized(message: "OAuth error: The access token is invalid"))
        #expect(error?.needsSignIn == true && error?.isTransient == false)
    }

    @Test func aMissingPhotoIsNotFound() async throws {
        // setup
        let transport = RecordedTransport([.get("/photos/nOtAPh0t0xx", .json("error-photo-not-found", status: 404))])
        // act
        let error = await #expect(throws: FeedError.self) { try await unsplash(transport).photo("nOtAPh0t0xx") }
        // assert
        #expect(error == .notFound(message: "Couldn't find Photo"))
        #expect(error?.message == "Couldn't find Photo")
    }

    @Test func plainTextRateLimitIsRateLimited() async throws {
        // setup
        let transport = RecordedTransport([
            .get(
                "/photos",
                .text(
                    "Rate Limit Exceeded", status: 403,
                    headers: ["X-Ratelimit-Limit": "50", "X-Ratelimit-Remaining": "0"]))
        ])
        // act
        let error = await #expect(throws: FeedError.self) { try await unsplash(transport).photos(perPage: 3).first() }
        // assert
        #expect(error == .rateLimited(retryAfter: nil, message: "Rate Limit Exceeded"))
        #expect(error?.isTransient == true && error?.needsSignIn == false)
    }
}
