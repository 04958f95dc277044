import FeedModels
@testable import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import NIOCore
import TestSupport
import Testing

// The feature tests (likes, albums, uploads, edits, search filters, near me, location privacy, devices, avatars)
// run on a fresh, empty database and data directory per test, with people and tokens made directly in the store.
// Request helpers (`bearer`, `formHeaders`, `send`, `registerApp`) come from Accounts/AccountsHarness.swift and
// response helpers from Support/TestServer.swift.

/// A person with an access token, made directly in the store.
struct Member: Sendable {
    let user: UserRecord
    let token: String

    var id: String { user.id }
    var username: String { user.username }
    var auth: HTTPFields { bearer(token) }

    /// The bearer header plus a form content type, for write requests.
    var form: HTTPFields { auth.merging([.contentType: "application/x-www-form-urlencoded"]) }
}

/// One in-process server over a fresh database and data directory, with a second handle on the same store.
struct FeatureServer: Sendable {
    static let allScopes = Scope.allCases.map(\.rawValue).joined(separator: " ")

    let client: any TestClientProtocol
    let store: LibraryStore
    let dataDirectory: String
    let app: RegisteredApp
    let backend: Backend

    var files: LibraryFiles { LibraryFiles(root: dataDirectory) }

    /// A person (created when missing) with a new token holding `scope`.
    func member(_ username: String, scope: String = allScopes) async throws -> Member {
        let user: UserRecord
        if let existing = try await store.user(username: username) {
            user = existing
        } else {
            user = try await store.createAccount(NewAccount(
                username: username, firstName: username.capitalized, lastName: "Tester",
                email: "\(username)@example.com", passwordHash: "not-a-real-hash"))
        }
        let token = "feature-token-\(username)-\(UUID().uuidString)"
        try await store.createToken(
            tokenHash: Secrets.hash(token), appID: app.app.id, userID: user.id, codeHash: nil, scope: scope,
            createdAt: Date())
        return Member(user: user, token: token)
    }

    /// Records a photo row (no files) owned by `owner`, as an import would.
    @discardableResult
    func recordPhoto(
        owner: Member, title: String, tags: [String] = [], place: Place = Place(), width: Int = 300,
        height: Int = 200, colorName: String = "blue"
    ) async throws -> String {
        let photo = NewPhoto(
            id: Identifier.make(), ownerID: owner.id, title: title, altDescription: title.lowercased(),
            width: width, height: height, color: "#336699", colorName: colorName,
            blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", takenAt: nil, camera: CameraSettings(), place: place,
            sha256: TestLibrary.uniqueDigest(), bytes: 1000, format: "jpeg", tags: tags, createdAt: Date())
        guard case .inserted(let record) = try await store.recordPhoto(photo) else {
            throw FeatureHarnessError.notInserted(title)
        }
        return record.id
    }

    /// Uploads `bytes` as a multipart form (field `file`) with text fields.
    func upload(
        _ bytes: [UInt8], as member: Member, fileName: String = "photo.jpg", fileType: String = "image/jpeg",
        fields: KeyValuePairs<String, String> = [:]
    ) async throws -> TestResponse {
        let form = Multipart(fields: fields.map { ($0.key, $0.value) }, file: (fileName, fileType, bytes))
        return try await client.execute(
            uri: "/photos", method: .post, headers: member.auth.merging([.contentType: form.contentType]),
            body: form.body)
    }

    /// Uploads and returns the new photo, requiring a 201.
    func uploadPhoto(
        _ bytes: [UInt8], as member: Member, fields: KeyValuePairs<String, String> = [:]
    ) async throws -> Photo {
        let response = try await upload(bytes, as: member, fields: fields)
        try #require(response.status == .created, "upload failed: \(response.status) \(response.text)")
        return try response.decode(Photo.self)
    }

    /// A photo as `caller` sees it on `GET /photos/:id`.
    func photo(_ id: String, as caller: Member? = nil) async throws -> Photo {
        let response = try await client.get("/photos/\(id)", headers: caller?.auth ?? [:])
        try #require(response.status == .ok, "GET /photos/\(id): \(response.status) \(response.text)")
        return try response.decode(Photo.self)
    }

    /// Every file under a folder of the data directory, as paths relative to it.
    func filesUnder(_ folder: String) -> Set<String> {
        let root = dataDirectory + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: Set<String> = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.insert(path)
            }
        }
        return found
    }
}

enum FeatureHarnessError: Error {
    case notInserted(String)
}

/// A `multipart/form-data` body: text fields, then an optional file part.
struct Multipart {
    static let boundary = "imagefeed-feature-boundary-7MA4YWxkTrZu0gW"

    var fields: [(String, String)] = []
    var file: (name: String, type: String, bytes: [UInt8])?
    var fileField = "file"

    var contentType: String { "multipart/form-data; boundary=\(Self.boundary)" }

    var body: ByteBuffer {
        var buffer = ByteBuffer()
        for (name, value) in fields {
            buffer.writeString("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n")
            buffer.writeString(value + "\r\n")
        }
        if let file {
            buffer.writeString(
                "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(fileField)\"; filename=\"\(file.name)\"\r\n"
                    + "Content-Type: \(file.type)\r\n\r\n")
            buffer.writeBytes(file.bytes)
            buffer.writeString("\r\n")
        }
        buffer.writeString("--\(Self.boundary)--\r\n")
        return buffer
    }
}

/// Runs `body` against one in-process server over a fresh, empty database of `backend` and a fresh data directory
/// (prepared as `imagefeed serve` prepares it).
func withFeatureServer(
    _ backend: Backend,
    configure: (inout Configuration) -> Void = { _ in },
    clock: any MonotonicClock = SystemClock(),
    routes: RouteTable = RouteTable(),
    _ body: @escaping @Sendable (FeatureServer) async throws -> Void
) async throws {
    let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-features")
    defer { try? FileManager.default.removeItem(atPath: data) }
    var configuration = fastConfiguration(dataDirectory: data)
    configure(&configuration)
    let settings = configuration
    let files = LibraryFiles(root: data)
    try files.prepare()
    try await ServerGate.gate(for: backend).run {
        try await TestDatabase.withStore(backend) { store, url in
            let serverStore = try await LibraryStore.open(url: url, logger: testLogger)
            let application = try await buildApplication(
                settings, store: serverStore, files: files, logger: testLogger, routes: routes, clock: clock)
            let app = try await registerApp(store)
            try await application.test(.router) { client in
                try await body(FeatureServer(client: client, store: store, dataDirectory: data, app: app, backend: backend))
            }
        }
    }
}

extension TestResponse {
    /// The ids of a JSON array of photos, in order.
    func photoIDs() throws -> [String] { try decode([Photo].self).map(\.id) }

    /// The ids of a search envelope's results, in order.
    func searchIDs() throws -> [String] { try decode(PhotoSearchResults.self).results.map(\.id) }
}

/// A fixture JPEG of a given size; each seed gives other bytes.
func smallJPEG(seed: Int, width: Int = 96, height: Int = 64, gps: GPSPosition? = nil) throws -> [UInt8] {
    try Fixtures.jpeg(width: width, height: height, seed: seed, gps: gps)
}
