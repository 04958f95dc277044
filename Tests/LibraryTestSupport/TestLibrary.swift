import FeedModels
import FeedStore
import Foundation

/// Synthetic library rows for store tests: no image files, just the values an import would record.
public enum TestLibrary {
    /// Records `count` photos owned by `username`. Photo `i` is created at `base + i / 3` seconds, so groups of
    /// three share a timestamp and ordering must fall back to the id. Returns the ids in insertion order.
    @discardableResult
    public static func seed(
        _ store: LibraryStore, count: Int, username: String = "alice",
        describe: (Int) -> (title: String, tags: [String], width: Int, height: Int, colorName: String) = { index in
            ("Photo number \(index)", ["tag\(index % 3)"], 1200, 800, "blue")
        }
    ) async throws -> [String] {
        let owner = try await store.ensureUser(username: username, firstName: username.capitalized, lastName: "Tester")
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        var ids: [String] = []
        for index in 0..<count {
            let details = describe(index)
            let photo = NewPhoto(
                id: Identifier.make(), ownerID: owner.id, title: details.title,
                altDescription: details.title.lowercased(), width: details.width, height: details.height,
                color: "#336699", colorName: details.colorName, blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                takenAt: base, camera: CameraSettings(make: "Canon", model: "EOS R5", iso: 100),
                place: Place(
                    name: "Lisbon, Portugal", city: "Lisbon", country: "Portugal", latitude: 38.72,
                    longitude: -9.14),
                sha256: uniqueDigest(),
                bytes: 1000 + index, format: "jpeg", tags: details.tags,
                createdAt: base.addingTimeInterval(TimeInterval(index / 3))
            )
            guard case .inserted(let record) = try await store.recordPhoto(photo) else {
                throw SeedError.duplicate(index)
            }
            ids.append(record.id)
        }
        return ids
    }

    /// A random 64-hex-digit string standing in for a file's sha256.
    public static func uniqueDigest() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }

    enum SeedError: Error {
        case duplicate(Int)
    }
}
