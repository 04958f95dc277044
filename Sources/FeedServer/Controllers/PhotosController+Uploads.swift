import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOPosix

/// Uploads (`POST /photos`), edits (`PUT /photos/:id`) and deletion (`DELETE /photos/:id`), each the owner's only.
extension PhotosController {
    @Sendable func upload(_ request: Request, context: FeedRequestContext) async throws -> EditedResponse<Photo> {
        let user = try context.requireUser(.writePhotos)
        let upload = try await UploadReceiver.receive(request, files: files, maxBytes: ingester.imaging.limits.maxBytes)
        defer { upload.discard() }
        let fields = upload.fields
        let tags = (fields["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let title = fields["title"] ?? upload.fileName.map(ImportNaming.title(fromFileName:))
        let details = PhotoIngester.Details(
            title: title, description: fields["description"].flatMap { $0.isEmpty ? nil : $0 }, tags: tags,
            place: try Self.place(from: fields)
        )
        switch try await ingester.ingest(
            path: upload.path, size: upload.size, ownerID: user.id, details: details, threadPool: threadPool
        ) {
        case .recorded(let record):
            return EditedResponse(status: .created, response: context.presenter.photo(record))
        case .duplicate(let photoID):
            throw APIError(.conflict, "This photo is already in the library as \(photoID).")
        }
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Photo {
        let user = try context.requireUser(.writePhotos)
        let parameters = try await RequestParameters.collect(request, context: context)
        let placeKeys = ["name", "city", "country", "latitude", "longitude"]
        let locationKeys = placeKeys.map { "location[\($0)]" }
        // The place is read from the values whole: its parts are checked first.
        try parameters.check(locationKeys + placeKeys)
        let hasPlace = locationKeys.contains { parameters.values[$0] != nil }
        var changes = PhotoChanges(
            description: try parameters["description"],
            altDescription: try parameters["alt_description"],
            tags: try parameters["tags"].map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            },
            place: hasPlace ? try Self.place(from: parameters.values) : nil,
            license: try parameters["license"]
        )
        if let license = changes.license, !license.isEmpty, PhotoLicense(id: license) == nil {
            throw APIError(
                .unprocessableContent,
                "license must be one of \(PhotoLicense.known.map(\.id).joined(separator: ", ")); got \"\(license)\".")
        }
        if let description = changes.description, description.count > 2000 {
            throw APIError(.unprocessableContent, "description must be at most 2000 characters.")
        }
        if let tags = changes.tags, tags.count > 50 { changes.tags = Array(tags.prefix(50)) }
        let updated = try await store.updatePhoto(try context.parameters.require("id"), by: user.id, changes)
        return context.presenter.photo(updated)
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> HTTPResponse.Status {
        let user = try context.requireUser(.writePhotos)
        let orphans = try await store.deletePhoto(try context.parameters.require("id"), by: user.id)
        await renditions.remove(orphans, recordingIn: store)
        return .noContent
    }

    /// `location[name]`, `location[city]`, `location[country]`, `location[latitude]`, `location[longitude]` (or
    /// the same without the `location[…]` wrapper).
    static func place(from values: [String: String]) throws(APIError) -> Place {
        func value(_ key: String) -> String? {
            (values["location[\(key)]"] ?? values[key]).flatMap { $0.isEmpty ? nil : $0 }
        }
        var place = Place(name: value("name"), city: value("city"), country: value("country"))
        if let latitude = value("latitude") {
            guard let number = Double(latitude), (-90...90).contains(number) else {
                throw .badParameter("location[latitude] must be a number from -90 to 90.")
            }
            place.latitude = number
        }
        if let longitude = value("longitude") {
            guard let number = Double(longitude), (-180...180).contains(number) else {
                throw .badParameter("location[longitude] must be a number from -180 to 180.")
            }
            place.longitude = number
        }
        guard (place.latitude == nil) == (place.longitude == nil) else {
            throw .badParameter("location[latitude] and location[longitude] must be given together.")
        }
        return place
    }
}
