import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Locking
import TestSupport

/// A stand-in for Unsplash, Flickr and Pixabay that replays answers shaped exactly as each service documents them
/// (`reference/unsplash-api.md` §3, `reference/flickr-pixabay-jsonplaceholder.md` §1.5 and §3.2), and can be told
/// to refuse with each service's own rate-limit answer, to change a photo and to lose one.
final class RecordedService: Sendable {
    struct State {
        /// Requests to refuse with the service's rate-limit answer before answering again.
        var refusals = 0
        /// Photo ids the service no longer has.
        var removed: Set<String> = []
        /// Replaces a photo's description / title.
        var captions: [String: String] = [:]
        /// Every request's path and query, in order, with its Authorization header.
        var requests: [(String, String?)] = []
    }

    let state = Locked(State())
    let jpeg: [UInt8]

    init() throws {
        jpeg = try smallJPEG(seed: 4242, width: 320, height: 240)
    }

    func refuse(_ count: Int) { state.withLock { $0.refusals = count } }
    func remove(_ id: String) { state.withLock { _ = $0.removed.insert(id) } }
    func caption(_ id: String, _ text: String) { state.withLock { $0.captions[id] = text } }
    var requests: [(String, String?)] { state.withLock { $0.requests } }

    /// Notes the request; true when it is to be refused.
    private func arrive(_ request: Request) -> Bool {
        state.withLock { state in
            state.requests.append((request.uri.description, request.headers[.authorization]))
            guard state.refusals > 0 else { return false }
            state.refusals -= 1
            return true
        }
    }

    private func isRemoved(_ id: String) -> Bool { state.withLock { $0.removed.contains(id) } }
    private func caption(of id: String) -> String? { state.withLock { $0.captions[id] } }

    static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func text(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Runs the stand-in on a free port for `body`, which gets its root URL.
    func run(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("/photos") { request, _ in
            // Unsplash's rate-limit answer: 403 with a plain-text body (reference §1.3).
            if self.arrive(request) {
                return Self.text(
                    "Rate Limit Exceeded", status: .forbidden,
                    headers: [
                        HTTPField.Name("X-Ratelimit-Limit")!: "50", HTTPField.Name("X-Ratelimit-Remaining")!: "0",
                    ])
            }
            let photos = Self.unsplashIDs.filter { !self.isRemoved($0) }.map {
                self.unsplashPhoto($0, root: Self.root(request))
            }
            return Self.json(
                "[" + photos.joined(separator: ",") + "]",
                headers: [
                    HTTPField.Name("X-Total")!: String(photos.count), HTTPField.Name("X-Per-Page")!: "30",
                    HTTPField.Name("X-Ratelimit-Limit")!: "50", HTTPField.Name("X-Ratelimit-Remaining")!: "45",
                ])
        }
        router.get("/photos/{id}") { request, context in
            _ = self.arrive(request)
            let id = try context.parameters.require("id")
            guard Self.unsplashIDs.contains(id), !self.isRemoved(id) else {
                return Self.json(#"{"errors":["Couldn't find Photo"]}"#, status: .notFound)
            }
            return Self.json(self.unsplashPhoto(id, root: Self.root(request)))
        }
        router.get("/photos/{id}/download") { request, _ in
            _ = self.arrive(request)
            return Self.json(#"{"url":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?ixid=abc"}"#)
        }
        router.get("/services/rest/") { request, _ in
            _ = self.arrive(request)
            let query = request.uri.queryParameters
            switch query["method"].map(String.init) {
            case "flickr.photos.search":
                return Self.json(self.flickrSearch())
            case "flickr.photos.getInfo":
                let id = query["photo_id"].map(String.init) ?? ""
                if self.isRemoved(id) || !Self.flickrIDs.contains(id) {
                    return Self.json(#"{"stat":"fail","code":1,"message":"Photo \"\#(id)\" not found (invalid ID)"}"#)
                }
                return Self.json(#"{"photo":{"id":"\#(id)","license":"4"},"stat":"ok"}"#)
            default:
                return Self.json(#"{"stat":"fail","code":112,"message":"Method not found"}"#)
            }
        }
        router.get("/api/") { request, _ in
            // Pixabay's rate-limit answer: 429 with plain text and its X-RateLimit headers (reference §3.3, §3.4).
            if self.arrive(request) {
                return Self.text(
                    "API rate limit exceeded", status: .tooManyRequests,
                    headers: [
                        HTTPField.Name("X-RateLimit-Limit")!: "100", HTTPField.Name("X-RateLimit-Remaining")!: "0",
                        HTTPField.Name("X-RateLimit-Reset")!: "1",
                    ])
            }
            let query = request.uri.queryParameters
            let ids = query["id"].map { [String($0)] } ?? Self.pixabayIDs
            let hits = ids.filter { Self.pixabayIDs.contains($0) && !self.isRemoved($0) }
                .map { self.pixabayHit($0, root: Self.root(request)) }
            return Self.json(
                #"{"total":\#(hits.count),"totalHits":\#(hits.count),"hits":[\#(hits.joined(separator: ","))]}"#,
                headers: [
                    HTTPField.Name("X-RateLimit-Limit")!: "100",
                    HTTPField.Name("X-RateLimit-Remaining")!: "97",
                    HTTPField.Name("X-RateLimit-Reset")!: "40",
                ])
        }
        router.get("/get/{file}") { [jpeg] request, _ in
            _ = self.arrive(request)
            return Response(
                status: .ok, headers: [.contentType: "image/jpeg"],
                body: .init(byteBuffer: ByteBuffer(bytes: jpeg)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(client.port!)")
        }
    }

    static func root(_ request: Request) -> String { "http://" + (request.head.authority ?? "127.0.0.1") }

    // MARK: Unsplash (reference §3.1, a 2023 list object)

    static let unsplashIDs = ["hlPongnSUns", "LBI7cgq3pbM"]

    func unsplashPhoto(_ id: String, root: String) -> String {
        let description = caption(of: id).map { "\"\($0)\"" } ?? "null"
        return """
            {"id":"\(id)","slug":"a-number-of-hot-air-balloons-flying-in-the-sky-\(id)",
             "created_at":"2023-08-18T16:01:51Z","updated_at":"2023-09-04T06:40:31Z","promoted_at":"2023-08-23T21:48:01Z",
             "width":6000,"height":4002,"color":"#0c4059","blur_hash":"LzFiDVRQR*j[~VRjWVbH?GRjjZay",
             "description":\(description),"alt_description":"a number of hot air balloons flying in the sky","breadcrumbs":[],
             "urls":{"raw":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?ixid=M3w0&ixlib=rb-4.0.3",
               "full":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?crop=entropy&cs=srgb&fm=jpg&ixid=M3w0&ixlib=rb-4.0.3&q=85",
               "regular":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0&q=80&w=1080",
               "small":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0&q=80&w=400",
               "thumb":"https://images.unsplash.com/photo-1692374227159-2d3592f274c9?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0&q=80&w=200",
               "small_s3":"https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-1692374227159-2d3592f274c9"},
             "links":{"self":"https://api.unsplash.com/photos/\(id)","html":"https://unsplash.com/photos/\(id)",
               "download":"https://unsplash.com/photos/\(id)/download?ixid=M3w0",
               "download_location":"\(root)/photos/\(id)/download?ixid=M3w0"},
             "likes":166,"liked_by_user":false,"current_user_collections":[],"sponsorship":null,
             "topic_submissions":{"travel":{"status":"approved","approved_on":"2023-08-21T16:14:58Z"}},
             "user":{"id":"D-dK8AeFMnM","updated_at":"2023-09-04T06:40:31Z","username":"marekpiwnicki","name":"Marek Piwnicki",
               "first_name":"Marek","last_name":"Piwnicki","twitter_username":null,"portfolio_url":null,"bio":null,"location":null,
               "links":{"self":"https://api.unsplash.com/users/marekpiwnicki","html":"https://unsplash.com/@marekpiwnicki",
                 "photos":"https://api.unsplash.com/users/marekpiwnicki/photos","likes":"https://api.unsplash.com/users/marekpiwnicki/likes",
                 "portfolio":"https://api.unsplash.com/users/marekpiwnicki/portfolio","following":"https://api.unsplash.com/users/marekpiwnicki/following",
                 "followers":"https://api.unsplash.com/users/marekpiwnicki/followers"},
               "profile_image":{"small":"https://images.unsplash.com/profile-1?crop=faces&fit=crop&w=32&h=32",
                 "medium":"https://images.unsplash.com/profile-1?crop=faces&fit=crop&w=64&h=64",
                 "large":"https://images.unsplash.com/profile-1?crop=faces&fit=crop&w=128&h=128"},
               "instagram_username":null,"total_collections":0,"total_likes":12,"total_photos":512,"accepted_tos":true,
               "for_hire":false,"social":{"instagram_username":null,"portfolio_url":null,"twitter_username":null,"paypal_email":null}}}
            """
    }

    // MARK: Flickr (reference §1.5: flickr.photos.search with extras)

    static let flickrIDs = ["30488776035", "8436466166"]

    func flickrSearch() -> String {
        let photos = [
            // Licence 4 (CC BY 2.0), with sizes whose dimensions come as strings, as captured.
            """
            {"id":"30488776035","owner":"11912988@N02","secret":"8b177af23e","server":"8577","farm":9,
             "title":"\(caption(of: "30488776035") ?? "New fresh air")","ispublic":1,"isfriend":0,"isfamily":0,
             "description":{"_content":""},"dateupload":"1477300000","datetaken":"2016-10-24 10:00:00",
             "datetakengranularity":"0","datetakenunknown":"0","ownername":"someone","tags":"doha qatar",
             "latitude":"25.314511","longitude":"51.496547","accuracy":"16","license":"4",
             "url_q":"https://live.staticflickr.com/8577/30488776035_8b177af23e_q.jpg","height_q":"150","width_q":"150",
             "url_n":"https://live.staticflickr.com/8577/30488776035_8b177af23e_n.jpg","height_n":"320","width_n":"320",
             "url_c":"https://live.staticflickr.com/8577/30488776035_8b177af23e_c.jpg","height_c":800,"width_c":800,
             "url_o":"https://live.staticflickr.com/8577/30488776035_b8587a5980_o.jpg","height_o":"1080","width_o":"1080",
             "o_width":"1080","o_height":"1080"}
            """,
            // Licence 0 (all rights reserved): never brought in, even when the server lists it.
            """
            {"id":"8436466166","owner":"35034362831@N01","secret":"e2dc3b83de","server":"8056","farm":9,
             "title":"Skies over Boston","ispublic":1,"isfriend":0,"isfamily":0,"license":"0","ownername":"Joi",
             "url_c":"https://live.staticflickr.com/8056/8436466166_e2dc3b83de_c.jpg","height_c":"600","width_c":"800"}
            """,
        ].enumerated().filter { !isRemoved(Self.flickrIDs[$0.offset]) }.map(\.element)
        return
            #"{"photos":{"page":1,"pages":1,"perpage":100,"total":"\#(photos.count)","photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#
    }

    // MARK: Pixabay (reference §3.2)

    static let pixabayIDs = ["634572", "634573"]

    func pixabayHit(_ id: String, root: String) -> String {
        """
        {"id":\(id),"pageURL":"https://pixabay.com/photos/apples-fruits-red-ripe-vitamins-\(id)/","type":"photo",
         "tags":"apples, fruits, red",
         "previewURL":"https://cdn.pixabay.com/photo/2015/02/13/00/43/apples-\(id)_150.jpg","previewWidth":100,"previewHeight":150,
         "webformatURL":"\(root)/get/g7f17ce\(id)_640.jpg","webformatWidth":427,"webformatHeight":640,
         "largeImageURL":"\(root)/get/g131ae\(id)_1280.jpg",
         "imageWidth":3345,"imageHeight":5017,"imageSize":811238,
         "views":406062,"downloads":232195,"collections":2947,"likes":2287,"comments":180,
         "user_id":752536,"user":"Desertrose7","userImageURL":"https://cdn.pixabay.com/user/2016/03/14/13-25-18-933_250x250.jpg"}
        """
    }
}
