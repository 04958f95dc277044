import FeedLibrary
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
    /// The codes of the languages there are catalogues of: a person's `language` is one of them.
    let languages: [String]

    func addRoutes(to api: APIRoutes) {
        api.uncached.on(.getMe, use: get)
        api.uncached.on(.updateMe, use: update)
        api.uncached.on(.uploadAvatar, use: uploadAvatar)
        api.uncached.on(ServerOperation.uploadAvatarPost, use: uploadAvatar)
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
        func trimmed(_ name: String) throws(APIError) -> String? {
            try parameters[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // portfolio_url is Unsplash's older name of url; given beside it, it is still checked.
        let url = try trimmed("url")
        let portfolioURL = try trimmed("portfolio_url")
        if url != nil, let portfolioURL, !portfolioURL.isEmpty, !AccountRules.isWebAddress(portfolioURL) {
            throw APIError(.unprocessableContent, "portfolio_url must be an http(s) address.")
        }
        var changes = ProfileChanges(
            username: try trimmed("username"), firstName: try trimmed("first_name"), lastName: try trimmed("last_name"),
            email: try trimmed("email"), bio: try trimmed("bio"), location: try trimmed("location"),
            portfolioURL: url ?? portfolioURL,
            instagramUsername: try trimmed("instagram_username"), deviceID: try trimmed("device"),
            language: try trimmed("language"), exactLocationPublic: try parameters.bool("exact_location_public")
        )
        changes.contact = ContactDetails(
            street: try trimmed("address_street"), suite: try trimmed("address_suite"),
            city: try trimmed("address_city"),
            zipcode: try trimmed("address_zipcode"), latitude: try trimmed("address_lat"),
            longitude: try trimmed("address_lng"),
            phone: try trimmed("phone"), website: try trimmed("website"), companyName: try trimmed("company_name"),
            companyCatchPhrase: try trimmed("company_catch_phrase"), companyBS: try trimmed("company_bs")
        )
        var problems = AccountRules.profile(changes)
        if let language = changes.language, !language.isEmpty, !languages.contains(language) {
            problems.append(
                "language must be one of \(languages.joined(separator: ", ")), or empty; got \"\(language)\".")
        }
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
        let upload = try await UploadReceiver.receive(
            request, files: files, maxBytes: min(imaging.limits.maxBytes, 20 << 20))
        defer { upload.discard() }
        let stored = try await threadPool.runIfActive { () throws -> (data: Data, sha256: String, format: String) in
            guard let data = FileManager.default.contents(atPath: upload.path), ImageSniffer.looksLikeImage(data) else {
                throw ImagingError.notAnImage
            }
            let probe = try imaging.probe(file: upload.path)
            return (data, Secrets.sha256Hex(data), probe.format.rawValue)
        }
        try await files.keepOriginal(
            stored.data, file: upload.path, sha256: stored.sha256, format: stored.format, threadPool: threadPool)
        let (updated, orphaned) = try await store.setAvatar(
            userID: user.id, sha256: stored.sha256, format: stored.format)
        if !orphaned.isEmpty {
            await files.remove(OrphanedFiles(originals: orphaned), recordingIn: store, threadPool: threadPool)
        }
        return context.presenter.user(updated, includeEmail: true)
    }
}
