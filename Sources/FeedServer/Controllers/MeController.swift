import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOPosix

/// `/me`: the signed-in person's own profile, read (`read_user`) and changed (`write_user`).
struct MeController: Sendable {
    let store: LibraryStore
    let ingester: PhotoIngester
    let threadPool: NIOThreadPool

    func addRoutes(to api: APIRoutes) {
        api.uncached.get("/me", use: get)
        api.uncached.put("/me", use: update)
        api.uncached.put("/me/avatar", use: uploadAvatar)
        api.uncached.post("/me/avatar", use: uploadAvatar)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> User {
        try await me(try context.requireUser(.readUser), context)
    }

    /// The caller's own full profile, with the private fields.
    func me(_ user: UserRecord, _ context: FeedRequestContext) async throws -> User {
        guard let profile = try await store.profile(id: user.id, viewerID: user.id) else { throw APIError.invalidToken }
        return context.presenter.fullUser(profile, includePrivate: true)
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> User {
        let user = try context.requireUser(.writeUser)
        let parameters = try await RequestParameters.collect(request, context: context)
        func trimmed(_ name: String) -> String? { parameters[name]?.trimmingCharacters(in: .whitespacesAndNewlines) }
        var changes = ProfileChanges(
            username: trimmed("username"), firstName: trimmed("first_name"), lastName: trimmed("last_name"),
            email: trimmed("email"), bio: trimmed("bio"), location: trimmed("location"),
            portfolioURL: trimmed("url") ?? trimmed("portfolio_url"),
            instagramUsername: trimmed("instagram_username"), deviceID: trimmed("device"),
            exactLocationPublic: try parameters.bool("exact_location_public")
        )
        changes.contact = ContactDetails(
            street: trimmed("address_street"), suite: trimmed("address_suite"), city: trimmed("address_city"),
            zipcode: trimmed("address_zipcode"), latitude: trimmed("address_lat"), longitude: trimmed("address_lng"),
            phone: trimmed("phone"), website: trimmed("website"), companyName: trimmed("company_name"),
            companyCatchPhrase: trimmed("company_catch_phrase"), companyBS: trimmed("company_bs")
        )
        let problems = AccountRules.profile(changes)
        guard problems.isEmpty else { throw APIError(.unprocessableContent, problems) }
        return try await me(try await store.updateProfile(userID: user.id, changes), context)
    }
}

extension MeController {
    /// `PUT /me/avatar` (multipart field `avatar` or `file`, or a raw image body): a new avatar, checked like any
    /// upload and stored content-addressed; it is served cropped square around its most salient part.
    @Sendable func uploadAvatar(_ request: Request, context: FeedRequestContext) async throws -> User {
        let user = try context.requireUser(.writeUser)
        let imaging = ingester.imaging
        let files = ingester.files
        let upload = try await UploadReceiver.receive(request, files: files, maxBytes: min(imaging.limits.maxBytes, 20 << 20))
        defer { upload.discard() }
        let stored = try await threadPool.runIfActive { () throws -> (sha256: String, format: String) in
            guard let data = FileManager.default.contents(atPath: upload.path), ImageSniffer.looksLikeImage(data) else {
                throw ImagingError.notAnImage
            }
            let probe = try imaging.probe(file: upload.path)
            let sha256 = Secrets.sha256Hex(data)
            try files.writeAtomically(data, to: files.originalPath(sha256: sha256, format: probe.format.rawValue), durable: true)
            return (sha256, probe.format.rawValue)
        }
        let (updated, orphaned) = try await store.setAvatar(userID: user.id, sha256: stored.sha256, format: stored.format)
        if !orphaned.isEmpty {
            try await threadPool.runIfActive { files.remove(OrphanedFiles(originals: orphaned)) }
        }
        return context.presenter.user(updated, includeEmail: true)
    }
}
