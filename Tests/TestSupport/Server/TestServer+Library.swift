import FeedModels
import FeedServer
import FeedStore
import Foundation
import HummingbirdTesting
import Imaging
import Testing

extension TestServer {
    /// Records a photo row (no files) owned by `owner`, as an import would, and returns its id.
    @discardableResult
    public func recordPhoto(
        owner: TestUser, title: String, tags: [String] = [], place: Place = Place(), width: Int = 300,
        height: Int = 200, colorName: String = "blue"
    ) async throws -> String {
        let photo = NewPhoto(
            id: Identifier.make(), ownerID: owner.id, title: title, altDescription: title.lowercased(),
            width: width, height: height, color: "#336699", colorName: colorName,
            blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", takenAt: nil, camera: CameraSettings(), place: place,
            sha256: TestLibrary.uniqueDigest(), bytes: 1000, format: "jpeg", tags: tags, createdAt: Date())
        guard case .inserted(let record) = try await store.recordPhoto(photo) else {
            throw TestServerLibraryError.notInserted(title)
        }
        return record.id
    }

    /// Uploads `bytes` as a multipart form (field `file`) with text fields.
    public func upload(
        _ bytes: [UInt8], as uploader: TestUser, fileName: String = "photo.jpg", fileType: String = "image/jpeg",
        fields: KeyValuePairs<String, String> = [:]
    ) async throws -> TestResponse {
        let form = Multipart(fields: fields.map { ($0.key, $0.value) }, file: (fileName, fileType, bytes))
        return try await client.execute(
            uri: "/photos", method: .post, headers: uploader.auth.merging([.contentType: form.contentType]),
            body: form.body)
    }

    /// Uploads and returns the new photo, requiring a 201.
    public func uploadPhoto(
        _ bytes: [UInt8], as uploader: TestUser, fields: KeyValuePairs<String, String> = [:]
    ) async throws -> Photo {
        let response = try await upload(bytes, as: uploader, fields: fields)
        try #require(response.status == .created, "upload failed: \(response.status) \(response.text)")
        return try response.decode(Photo.self)
    }

    /// A photo as `caller` sees it on `GET /photos/:id`.
    public func photo(_ id: String, as caller: TestUser? = nil) async throws -> Photo {
        let response = try await client.get("/photos/\(id)", headers: caller?.auth ?? [:])
        try #require(response.status == .ok, "GET /photos/\(id): \(response.status) \(response.text)")
        return try response.decode(Photo.self)
    }

    /// Every file under a folder of the data directory, as paths relative to it.
    public func filesUnder(_ folder: String) -> Set<String> {
        let root = dataDirectory + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: Set<String> = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.insert(path)
            }
        }
        return found
    }
}

/// Why a library row could not be made.
public enum TestServerLibraryError: Error {
    /// The store found the photo already recorded.
    case notInserted(String)
}
