import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Firebase Storage's `/v0` API, as the iOS and JS SDKs and REST clients call it: uploads (media, multipart and the
/// resumable `X-Goog-Upload-*` protocol), metadata, downloads (with the caller's token or a download token), lists,
/// deletes and download tokens.
struct FirebaseStorageController: Sendable {
    let storage: FirebaseStorageService

    static let objects = "/v0/b/:bucket/o"
    static let object = "/v0/b/:bucket/o/:object"

    func addRoutes(to group: RouteGroup) {
        group.get(Self.objects, use: list)
        group.post(Self.objects, use: upload)
        group.put(Self.objects, use: upload)
        group.get(Self.object, use: get)
        group.on(Self.object, method: .patch, use: updateMetadata)
        group.post(Self.object, use: postToObject)
        group.put(Self.object, use: putToObject)
        group.delete(Self.object, use: delete)
    }

    static let uploadProtocol = HTTPField.Name("X-Goog-Upload-Protocol")!
    static let uploadCommand = HTTPField.Name("X-Goog-Upload-Command")!
    static let uploadOffset = HTTPField.Name("X-Goog-Upload-Offset")!
    static let uploadStatus = HTTPField.Name("X-Goog-Upload-Status")!
    static let uploadURL = HTTPField.Name("X-Goog-Upload-URL")!
    static let uploadGranularity = HTTPField.Name("X-Goog-Upload-Chunk-Granularity")!
    static let sizeReceived = HTTPField.Name("X-Goog-Upload-Size-Received")!
    static let uploadID = HTTPField.Name("X-GUploader-UploadID")!
    /// The JS SDK's names of the object's type and size in a start request; the iOS SDK's are without `Header-`.
    static let startContentType = [
        HTTPField.Name("X-Goog-Upload-Header-Content-Type")!, HTTPField.Name("X-Goog-Upload-Content-Type")!,
    ]
    static let startContentLength = [
        HTTPField.Name("X-Goog-Upload-Header-Content-Length")!, HTTPField.Name("X-Goog-Upload-Content-Length")!,
    ]
    static let methodOverride = HTTPField.Name("X-HTTP-Method-Override")!

    func objectName(_ context: FeedRequestContext) throws -> String {
        try ObjectName.decode(context.parameters.get("object") ?? "")
    }

    func bucket(_ context: FeedRequestContext) -> String { context.parameters.get("bucket") ?? "" }

    // MARK: reads

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (bucket, name) = (bucket(context), try objectName(context))
        if query["alt"] == "media" {
            let (object, bytes) = try await storage.download(
                bucket: bucket, name: name, caller: context.firebaseCaller, token: query["token"])
            return Response(
                status: .ok, headers: object.mediaHeaders, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        let object = try await storage.metadata(bucket: bucket, name: name, caller: context.firebaseCaller)
        return FirebaseJSON.response(object.firebase)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let maxResults = try query["maxResults"].map { raw throws(FirebaseStorageError) -> Int in
            guard let value = Int(raw) else {
                throw .invalidArgument("maxResults must be a whole number; got \"\(raw)\".")
            }
            return value
        }
        let bucket = bucket(context)
        let page = try await storage.list(
            bucket: bucket, prefix: query["prefix"] ?? "", delimiter: query["delimiter"], pageToken: query["pageToken"],
            maxResults: maxResults, caller: context.firebaseCaller)
        return FirebaseJSON.response(
            FirebaseStorageList(
                prefixes: page.prefixes, items: page.objects.map { .init(name: $0.name, bucket: $0.bucket) },
                nextPageToken: page.next.map(PageToken.encode)))
    }

    // MARK: writes

    /// `POST|PUT /v0/b/{b}/o?name=…`: a media, multipart or resumable upload, or a resumable upload's later step.
    @Sendable func upload(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let encoded = RawQuery(request.uri.query)["name"], !encoded.isEmpty else {
            throw FirebaseStorageError.invalidArgument("The upload names no object: add ?name=<path>.")
        }
        return try await upload(request, context: context, name: try ObjectName.decode(encoded, plusIsSpace: true))
    }

    func upload(_ request: Request, context: FeedRequestContext, name: String) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let bucket = bucket(context)
        // A resumable upload's later steps name it by `upload_protocol` in the URL the start gave (the JS SDK sends
        // no protocol header with them).
        let protocolName =
            (request.headers[Self.uploadProtocol] ?? query["upload_protocol"] ?? query["uploadType"]
            ?? (query["upload_id"] != nil ? "resumable" : "media")).lowercased()
        switch protocolName {
        case "resumable":
            return try await resumable(request, context: context, bucket: bucket, name: name, query: query)
        case "multipart":
            return try await multipart(request, context: context, bucket: bucket, name: name)
        case "media", "raw":
            try storage.checkBucket(bucket)
            let file = try await StorageBody.receive(
                request, folder: storage.scratch, limit: storage.settings.maxUploadBytes)
            defer { file.discard() }
            let object = try await storage.upload(
                bucket: bucket, name: name, file: file, metadata: StorageMetadataInput(),
                contentType: request.headers[.contentType], caller: context.firebaseCaller, api: .firebase)
            return FirebaseJSON.response(object.firebase)
        default:
            throw FirebaseStorageError.invalidArgument("Unknown upload protocol \"\(protocolName)\".")
        }
    }

    func multipart(_ request: Request, context: FeedRequestContext, bucket: String, name: String) async throws
        -> Response
    {
        try storage.checkBucket(bucket)
        guard let boundary = MultipartRelated.boundary(of: request.headers[.contentType] ?? "") else {
            throw FirebaseStorageError.invalidArgument(
                "A multipart upload needs a multipart/related body with a boundary.")
        }
        let body = try await StorageBody.collect(request, limit: storage.settings.maxUploadBytes + 256 * 1024)
        let parts = try MultipartRelated.parse(body, boundary: boundary)
        let metadata = try GoogleRequestBody.decode(StorageMetadataInput.self, from: Data(parts.metadata))
        guard parts.data.count <= storage.settings.maxUploadBytes else {
            throw FirebaseStorageError.tooLarge(limit: storage.settings.maxUploadBytes)
        }
        let file = try StorageBody.write(parts.data, folder: storage.scratch)
        defer { file.discard() }
        let object = try await storage.upload(
            bucket: bucket, name: name, file: file, metadata: metadata, contentType: parts.dataContentType,
            caller: context.firebaseCaller, api: .firebase)
        return FirebaseJSON.response(object.firebase)
    }

    /// The resumable protocol: `start` (answered with the upload's URL), then `upload` and `finalize` steps with
    /// `X-Goog-Upload-Offset`, `query` and `cancel`, each naming the upload by `upload_id`.
    func resumable(
        _ request: Request, context: FeedRequestContext, bucket: String, name: String, query: QueryParameters
    ) async throws -> Response {
        let command = (request.headers[Self.uploadCommand] ?? "").lowercased()
        let commands = Set(command.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        if commands.contains("start") {
            let bytes = try await GoogleRequestBody.collect(request)
            let metadata = try GoogleRequestBody.decode(
                StorageMetadataInput.self, from: bytes.isEmpty ? Data("{}".utf8) : bytes)
            let size = try Self.startContentLength.compactMap { request.headers[$0] }.first.map {
                raw throws(FirebaseStorageError) -> Int64 in
                guard let size = Int64(raw), size >= 0 else {
                    throw .invalidArgument("The upload's size is not a number.")
                }
                return size
            }
            let id = try await storage.startUpload(
                bucket: bucket, name: name, metadata: metadata,
                contentType: Self.startContentType.compactMap { request.headers[$0] }.first, declaredSize: size,
                caller: context.firebaseCaller, api: .firebase)
            let url =
                "\(context.origin)/v0/b/\(bucket)/o?name=\(ObjectName.encodeSegment(name))"
                + "&upload_id=\(id)&upload_protocol=resumable"
            return Response(
                status: .ok,
                headers: [
                    Self.uploadStatus: "active", Self.uploadURL: url, Self.uploadGranularity: "262144",
                    Self.uploadID: id, .contentLength: "0",
                ])
        }
        guard let id = query["upload_id"], !id.isEmpty else {
            throw FirebaseStorageError.invalidArgument(
                "The request names no upload: add upload_id from the start's answer.")
        }
        if commands.contains("query") {
            let state = try await storage.queryUpload(id: id)
            return Response(
                status: .ok,
                headers: [
                    Self.uploadStatus: state.status, Self.sizeReceived: String(state.received), .contentLength: "0",
                ])
        }
        if commands.contains("cancel") {
            try await storage.cancelUpload(id: id)
            return Response(status: .ok, headers: [Self.uploadStatus: "cancelled", .contentLength: "0"])
        }
        guard commands.contains("upload") || commands.contains("finalize") else {
            throw FirebaseStorageError.invalidArgument("Unknown upload command \"\(command)\".")
        }
        guard let rawOffset = request.headers[Self.uploadOffset], let offset = Int64(rawOffset), offset >= 0 else {
            throw FirebaseStorageError.invalidArgument("An upload step needs X-Goog-Upload-Offset.")
        }
        let chunk = try await StorageBody.receive(
            request, folder: storage.scratch, limit: storage.settings.maxUploadBytes)
        defer { chunk.discard() }
        do {
            switch try await storage.continueUpload(
                id: id, offset: offset, chunk: chunk, finalize: commands.contains("finalize"))
            {
            case .active(let received):
                return Response(
                    status: .ok,
                    headers: [
                        Self.uploadStatus: "active", Self.sizeReceived: String(received), .contentLength: "0",
                    ])
            case .final(let object):
                return FirebaseJSON.response(object.firebase, headers: [Self.uploadStatus: "final"])
            }
        } catch FirebaseStorageError.offsetMismatch(let received, let offset) {
            // Tells the client where to resume, as the protocol's query would.
            var answer = GoogleErrorStyle.firebaseStorage.answer(
                for: FirebaseStorageError.offsetMismatch(received: received, offset: offset))
            answer.headers[Self.uploadStatus] = "active"
            answer.headers[Self.sizeReceived] = String(received)
            return answer
        }
    }

    /// `POST /v0/b/{b}/o/{name}`: a download token made (`create_token=true`) or removed (`delete_token=…`), both
    /// for the admin; otherwise an upload to that name.
    @Sendable func postToObject(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (bucket, name) = (bucket(context), try objectName(context))
        if query["create_token"] != nil || query["delete_token"] != nil {
            if let create = query["create_token"], create != "true" {
                throw FirebaseStorageError.invalidArgument("create_token must be true.")
            }
            let object = try await storage.changeToken(
                bucket: bucket, name: name, create: query["create_token"] == "true", remove: query["delete_token"],
                caller: context.firebaseCaller)
            return FirebaseJSON.response(object.firebase)
        }
        return try await upload(request, context: context, name: name)
    }

    /// `PUT /v0/b/{b}/o/{name}`: a metadata update sent with `X-HTTP-Method-Override: PATCH`, else an upload.
    @Sendable func putToObject(_ request: Request, context: FeedRequestContext) async throws -> Response {
        if request.headers[Self.methodOverride]?.uppercased() == "PATCH" {
            return try await updateMetadata(request, context: context)
        }
        return try await postToObject(request, context: context)
    }

    @Sendable func updateMetadata(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let changes = try await GoogleRequestBody.decode(StorageMetadataInput.self, from: request)
        let object = try await storage.updateMetadata(
            bucket: bucket(context), name: try objectName(context), changes: changes, caller: context.firebaseCaller)
        return FirebaseJSON.response(object.firebase)
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await storage.delete(bucket: bucket(context), name: try objectName(context), caller: context.firebaseCaller)
        return Response(status: .noContent)
    }
}
