import FeedStore
import Foundation
import Imaging
import Logging
import NIOPosix

/// Album ids by title for one import run, so each folder's album is looked up once.
actor AlbumCache {
    let store: LibraryStore
    let ownerID: String
    private var ids: [String: String] = [:]

    init(store: LibraryStore, ownerID: String) {
        self.store = store
        self.ownerID = ownerID
    }

    func id(for title: String) async throws -> String {
        if let id = ids[title] { return id }
        let id = try await store.ensureCollection(ownerID: ownerID, title: title)
        ids[title] = id
        return id
    }
}
