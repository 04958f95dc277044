import Crypto
import FeedLibrary
import FeedStore
import Foundation

/// The lowercase hex SHA-256 of some bytes, as originals are named.
public func sha256Hex(_ bytes: some Sequence<UInt8>) -> String {
    SHA256.hash(data: Array(bytes)).map { String(format: "%02x", $0) }.joined()
}

/// Every photo of a store, oldest first.
public func allPhotos(_ store: LibraryStore) async throws -> [PhotoRecord] {
    var photos: [PhotoRecord] = []
    var page = 1
    while true {
        let result = try await store.feed(order: .oldest, page: PageRequest(number: page, size: 50))
        photos += result.items
        if result.items.count < 50 { return photos }
        page += 1
    }
}

/// What is wrong with a stored photo's files: the original missing or with other bytes, or a feed rendition missing.
public func fileProblems(of photo: PhotoRecord, in files: LibraryFiles, renditions: Bool = true) -> [String] {
    var problems: [String] = []
    let original = files.originalPath(sha256: photo.sha256, format: photo.format)
    if let bytes = FileManager.default.contents(atPath: original) {
        if sha256Hex(bytes) != photo.sha256 { problems.append("\(photo.id): original has other bytes") }
    } else {
        problems.append("\(photo.id): original missing at \(original)")
    }
    for size in FeedSizes.all where renditions {
        let path = files.renditionPath(photoID: photo.id, key: size.spec.cacheKey)
        if !FileManager.default.fileExists(atPath: path) {
            problems.append("\(photo.id): rendition missing at \(path)")
        }
    }
    return problems
}
