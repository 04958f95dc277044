import FeedModels
import FeedStore
import Foundation
import Imaging
import NIOPosix

/// Turns one image file into a library photo — the pipeline shared by `imagefeed import` and uploads: size check
/// before reading, format sniffing, sha256 de-duplication, one libvips decode for probe, feed renditions, BlurHash
/// and colour, then the original (durably) and the renditions on disk, and only then the database row.
public struct PhotoIngester: Sendable {
    public let store: LibraryStore
    public let files: LibraryFiles
    public let imaging: Imaging
    /// Counts what ingesting did, for a server's `/metrics`; nil in the command-line tools.
    public var metrics: LibraryMetrics? = nil

    public init(store: LibraryStore, files: LibraryFiles, imaging: Imaging, metrics: LibraryMetrics? = nil) {
        self.store = store
        self.files = files
        self.imaging = imaging
        self.metrics = metrics
    }

    /// What ingesting did.
    public enum Result: Sendable, Hashable {
        /// The new photo, as its owner sees it.
        case recorded(PhotoRecord)
        /// The same bytes were already in the library, under this id.
        case duplicate(photoID: String)
    }

    /// What the caller knows about the photo besides its pixels.
    public struct Details: Sendable {
        public var title: String?
        public var description: String?
        /// The alt text, when the caller has one; otherwise the title, lowercased.
        public var altDescription: String?
        public var tags: [String] = []
        public var place = Place()
        /// Albums to put the photo in; asked only once the image has been read successfully.
        public var collectionIDs: @Sendable () async throws -> [String] = { [] }
        /// For a photo downloaded from a remote source: its licence, its credit and what ties it to the source.
        public var license: String?
        public var credit: PhotoSource?
        public var sourceLink: SourceLink?

        public init(
            title: String? = nil, description: String? = nil, altDescription: String? = nil, tags: [String] = [],
            place: Place = Place(), collectionIDs: @escaping @Sendable () async throws -> [String] = { [] },
            license: String? = nil, credit: PhotoSource? = nil, sourceLink: SourceLink? = nil
        ) {
            self.title = title
            self.description = description
            self.altDescription = altDescription
            self.tags = tags
            self.place = place
            self.collectionIDs = collectionIDs
            self.license = license
            self.credit = credit
            self.sourceLink = sourceLink
        }
    }

    /// Ingests the file at `path` for `ownerID`. Image problems are thrown as ``ImagingError`` (a non-image is
    /// `.notAnImage`); nothing is written for them.
    public func ingest(path: String, size: Int, ownerID: String, details: Details, threadPool: NIOThreadPool)
        async throws
        -> Result
    {
        do {
            let result = try await ingestUncounted(
                path: path, size: size, ownerID: ownerID, details: details, threadPool: threadPool)
            switch result {
            case .recorded: metrics?.ingested(.recorded)
            case .duplicate: metrics?.ingested(.duplicate)
            }
            return result
        } catch let refusal as ImagingError {
            metrics?.ingested(.refused)
            throw refusal
        }
    }

    private func ingestUncounted(
        path: String, size: Int, ownerID: String, details: Details, threadPool: NIOThreadPool
    ) async throws -> Result {
        guard size <= imaging.limits.maxBytes else {
            throw ImagingError.tooLarge(bytes: size, limit: imaging.limits.maxBytes)
        }
        let bytes = try await threadPool.runIfActive { () throws -> Data in
            guard let data = FileManager.default.contents(atPath: path) else { throw ImagingError.notAnImage }
            return data
        }
        guard ImageSniffer.looksLikeImage(bytes) else { throw ImagingError.notAnImage }
        let sha256 = Secrets.sha256Hex(bytes)
        if let existing = try await store.photoID(sha256: sha256) {
            if let link = details.sourceLink { try await store.linkSourcePhoto(existing, link) }
            return .duplicate(photoID: existing)
        }

        let prepared = try await threadPool.runIfActive { [imaging] in
            try imaging.prepare(file: path, renditions: FeedSizes.all.map(\.spec), mezzanine: true)
        }
        let format = prepared.probe.format.rawValue
        let photoID = Identifier.make()
        // The original is kept (on disk, or in the bucket) before the row that points at it; the renditions, a
        // cache, after it, so that a process killed in between leaves no rendition folder of a photo that was
        // never recorded.
        let original = StoredOriginal(sha256: sha256, format: format)
        let keptBefore = try await files.hasOriginal(sha256: sha256, format: format)
        try await files.keepOriginal(bytes, file: path, sha256: sha256, format: format, threadPool: threadPool)
        do {
            return try await record(
                prepared, original: original, photoID: photoID, byteCount: bytes.count, ownerID: ownerID,
                details: details, threadPool: threadPool)
        } catch {
            // A mezzanine the disk had no room for, a database that went away: the original this ingest kept is
            // removed again (one kept before belongs to someone else), so a refused ingest leaves nothing behind.
            if !keptBefore { await files.discardUnrecorded(original, store: store) }
            throw files.translated(error)
        }
    }

    /// Keeps the mezzanine and records the photo, once its original is kept; then caches its feed renditions.
    private func record(
        _ prepared: PreparedImage, original: StoredOriginal, photoID: String, byteCount: Int, ownerID: String,
        details: Details, threadPool: NIOThreadPool
    ) async throws -> Result {
        let (sha256, format) = (original.sha256, original.format)
        if let mezzanine = prepared.mezzanine {
            try await files.keepMezzanine(mezzanine.data, sha256: sha256, threadPool: threadPool)
        }
        let probe = prepared.probe
        let place =
            details.place.latitude == nil
            ? Place(
                name: details.place.name, city: details.place.city, country: details.place.country,
                latitude: probe.gps?.latitude, longitude: probe.gps?.longitude)
            : details.place
        let photo = NewPhoto(
            id: photoID, ownerID: ownerID, title: details.description ?? details.title,
            altDescription: details.altDescription ?? details.title?.lowercased(),
            width: probe.width, height: probe.height, color: prepared.dominantColor,
            colorName: PhotoColor(dominant: prepared.dominantColor).rawValue, blurHash: prepared.blurHash,
            takenAt: probe.exif.takenAt,
            camera: CameraSettings(
                make: probe.exif.make, model: probe.exif.model, exposureTime: probe.exif.exposureTime,
                aperture: probe.exif.aperture, focalLength: probe.exif.focalLength, iso: probe.exif.iso
            ),
            place: place, sha256: sha256, bytes: byteCount, format: format,
            tags: details.tags + probe.keywords, collectionIDs: try await details.collectionIDs(),
            license: details.license, source: details.credit, sourceLink: details.sourceLink, createdAt: Date()
        )
        switch try await store.recordPhoto(photo) {
        case .inserted(let record):
            // Best effort: a rendition that is not kept here is made when first asked for.
            for (size, rendition) in zip(FeedSizes.all, prepared.renditions) {
                await files.keepRendition(
                    rendition.data, photoID: photoID, key: size.spec.cacheKey, threadPool: threadPool)
            }
            return .recorded(record)
        case .duplicate(let id):
            return .duplicate(photoID: id)
        }
    }
}
