import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The subset of Cloud Storage's JSON API that firebase-admin speaks through google-cloud-storage: the bucket,
/// object metadata, lists, deletes, and media, multipart and resumable uploads and media downloads. Admin only: a
/// service account is not subject to the Storage rules.
struct CloudStorageController: Sendable {
    let storage: FirebaseStorageService
    let projectID: String

    static let bucket = "/storage/v1/b/:bucket"
    static let objects = "/storage/v1/b/:bucket/o"
    static let object = "/storage/v1/b/:bucket/o/:object"
    static let uploads = "/upload/storage/v1/b/:bucket/o"
    static let download = "/download/storage/v1/b/:bucket/o/:object"

    static let uploadContentType = HTTPField.Name("X-Upload-Content-Type")!
    static let uploadContentLength = HTTPField.Name("X-Upload-Content-Length")!

    func addRoutes(to group: RouteGroup) {
        group.get(Self.bucket, use: getBucket)
        group.get(Self.objects, use: list)
        group.get(Self.object, use: get)
        group.on(Self.object, method: .patch, use: updateMetadata)
        group.delete(Self.object, use: delete)
        group.post(Self.uploads, use: upload)
        group.put(Self.uploads, use: continueUpload)
        group.get(Self.download, use: get)
    }

    func bucket(_ context: FeedRequestContext) -> String { context.parameters.get("bucket") ?? "" }

    func objectName(_ context: FeedRequestContext) throws -> String {
        try ObjectName.decode(context.parameters.get("object") ?? "")
    }

    @Sendable func getBucket(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let name = bucket(context)
        try storage.checkBucket(name)
        return FirebaseJSON.response(
            CloudStorageBucket(
                name: name, selfLink: "\(context.origin)/storage/v1/b/\(name)", projectNumber: "0",
                timeCreated: StorageObjectRecord.timestamp(0)))
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let maxResults = try query["maxResults"].map { raw throws(FirebaseStorageError) -> Int in
            guard let value = Int(raw) else { throw .invalidArgument("Invalid value for maxResults: \(raw)") }
            return min(value, 1000)
        }
        let page = try await storage.list(
            bucket: bucket(context), prefix: query["prefix"] ?? "", delimiter: query["delimiter"],
            pageToken: query["pageToken"], maxResults: maxResults, caller: context.firebaseCaller)
        return FirebaseJSON.response(
            CloudStorageObjectList(
                items: page.objects.map { $0.cloudStorage(origin: context.origin) }, prefixes: page.prefixes,
                nextPageToken: page.next.map(PageToken.encode)))
    }

    /// An object's resource, or with `alt=media` its bytes; a `generation` other than the current one is not found.
    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (bucket, name) = (bucket(context), try objectName(context))
        if query["alt"] == "media" {
            let (object, bytes) = try await storage.download(
                bucket: bucket, name: name, caller: context.firebaseCaller, token: nil)
            try Self.check(generation: query["generation"], of: object)
            return Response(
                status: .ok, headers: object.mediaHeaders, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        let object = try await storage.object(bucket: bucket, name: name, caller: context.firebaseCaller)
        try Self.check(generation: query["generation"], of: object)
        return FirebaseJSON.response(object.cloudStorage(origin: context.origin))
    }

    static func check(generation: String?, of object: StorageObjectRecord) throws {
        guard let generation else { return }
        guard Int64(generation) == object.generation else {
            throw FirebaseStorageError.objectNotFound(bucket: object.bucket, name: object.name)
        }
    }

    @Sendable func updateMetadata(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let changes = try await GoogleRequestBody.decode(StorageMetadataInput.self, from: request)
        let object = try await storage.updateMetadata(
            bucket: bucket(context), name: try objectName(context), changes: changes, caller: context.firebaseCaller)
        return FirebaseJSON.response(object.cloudStorage(origin: context.origin))
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await storage.delete(bucket: bucket(context), name: try objectName(context), caller: context.firebaseCaller)
        return Response(status: .noContent)
    }

    /// `POST /upload/storage/v1/b/{b}/o?uploadType=media|multipart|resumable`.
    @Sendable func upload(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let bucket = bucket(context)
        try storage.checkBucket(bucket)
        switch query["uploadType"] ?? "media" {
        case "multipart":
            guard let boundary = MultipartRelated.boundary(of: request.headers[.contentType] ?? "") else {
                throw FirebaseStorageError.invalidArgument("A multipart upload needs a multipart/related body.")
            }
            let body = try await StorageBody.collect(request, limit: storage.settings.maxUploadBytes + 256 * 1024)
            let parts = try MultipartRelated.parse(body, boundary: boundary)
            let metadata = try GoogleRequestBody.decode(StorageMetadataInput.self, from: Data(parts.metadata))
            let name = try Self.name(query: request.uri.query, metadata: metadata)
            guard parts.data.count <= storage.settings.maxUploadBytes else {
                throw FirebaseStorageError.tooLarge(limit: storage.settings.maxUploadBytes)
            }
            let file = try StorageBody.write(parts.data, folder: storage.scratch)
            defer { file.discard() }
            let object = try await storage.upload(
                bucket: bucket, name: name, file: file, metadata: metadata,
                contentType: request.headers[Self.uploadContentType] ?? parts.dataContentType,
                caller: context.firebaseCaller, api: .gcs)
            return FirebaseJSON.response(object.cloudStorage(origin: context.origin))
        case "resumable":
            let bytes = try await GoogleRequestBody.collect(request)
            let metadata = try GoogleRequestBody.decode(
                StorageMetadataInput.self, from: bytes.isEmpty ? Data("{}".utf8) : bytes)
            let name = try Self.name(query: request.uri.query, metadata: metadata)
            let size = try request.headers[Self.uploadContentLength].map { raw throws(FirebaseStorageError) -> Int64 in
                guard let size = Int64(raw) else { throw .invalidArgument("X-Upload-Content-Length is not a number.") }
                return size
            }
            let id = try await storage.startUpload(
                bucket: bucket, name: name, metadata: metadata, contentType: request.headers[Self.uploadContentType],
                declaredSize: size, caller: context.firebaseCaller, api: .gcs)
            let location =
                "\(context.origin)/upload/storage/v1/b/\(bucket)/o?uploadType=resumable"
                + "&name=\(ObjectName.encodeSegment(name))&upload_id=\(id)"
            return Response(status: .ok, headers: [.location: location, .contentLength: "0"])
        case "media":
            let name = try Self.name(query: request.uri.query, metadata: StorageMetadataInput())
            let file = try await StorageBody.receive(
                request, folder: storage.scratch, limit: storage.settings.maxUploadBytes)
            defer { file.discard() }
            let object = try await storage.upload(
                bucket: bucket, name: name, file: file, metadata: StorageMetadataInput(),
                contentType: request.headers[.contentType], caller: context.firebaseCaller, api: .gcs)
            return FirebaseJSON.response(object.cloudStorage(origin: context.origin))
        case let other:
            throw FirebaseStorageError.invalidArgument("Invalid uploadType \"\(other)\".")
        }
    }

    /// The object's name: `?name=`, else the metadata's `name` (a leading slash dropped, as GCS does).
    static func name(query: String?, metadata: StorageMetadataInput) throws -> String {
        if let encoded = RawQuery(query)["name"], !encoded.isEmpty {
            return try ObjectName.decode(encoded, plusIsSpace: true)
        }
        guard var name = metadata.name, !name.isEmpty else {
            throw FirebaseStorageError.invalidArgument("Required: the object's name (?name= or the metadata's name).")
        }
        if name.hasPrefix("/") { name.removeFirst() }
        return try ObjectName.check(Array(name.utf8))
    }

    /// `PUT /upload/storage/v1/b/{b}/o?upload_id=…`: a chunk of a resumable upload, placed by `Content-Range`
    /// (`bytes 0-99/1000`, `bytes 0-99/*`, or `bytes */1000` with no bytes). Answered with 308 and the `Range`
    /// received until the last byte, then with the object.
    @Sendable func continueUpload(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let id = QueryParameters(request.uri.query)["upload_id"], !id.isEmpty else {
            throw FirebaseStorageError.invalidArgument("The request names no upload: add upload_id.")
        }
        let range = try ContentRange(request.headers[.contentRange])
        let chunk = try await StorageBody.receive(
            request, folder: storage.scratch, limit: storage.settings.maxUploadBytes)
        defer { chunk.discard() }
        let state = try await storage.queryUpload(id: id)
        let offset = range.first ?? state.received
        guard range.first == nil || chunk.size == (range.last ?? -1) - offset + 1 else {
            throw FirebaseStorageError.invalidArgument("The body's length does not match its Content-Range.")
        }
        let finalize = range.total.map { offset + chunk.size == $0 } ?? false
        if range.first == nil, !finalize {
            // A status query (`bytes */*` or a total not reached yet).
            return Self.incomplete(received: state.received)
        }
        switch try await storage.continueUpload(id: id, offset: offset, chunk: chunk, finalize: finalize) {
        case .active(let received): return Self.incomplete(received: received)
        case .final(let object): return FirebaseJSON.response(object.cloudStorage(origin: context.origin))
        }
    }

    static func incomplete(received: Int64) -> Response {
        var headers: HTTPFields = [.contentLength: "0"]
        if received > 0 { headers[.range] = "bytes=0-\(received - 1)" }
        return Response(status: .init(code: 308, reasonPhrase: "Resume Incomplete"), headers: headers)
    }
}
