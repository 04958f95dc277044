import Foundation

/// How the server plays Firebase: the project it answers as, its Storage bucket, who may use the admin API, the
/// Storage rules, and the limits and lifetimes of tokens and uploads.
public struct FirebaseSettings: Sendable, Hashable {
    /// The project id: ID tokens' `aud` and part of their `iss`, and the `{p}` of admin paths
    /// (`--firebase-project`, `IMAGEFEED_FIREBASE_PROJECT`).
    public var projectID = "imagefeed"
    /// The Storage bucket served; nil for `<project>.appspot.com`, Firebase's default bucket name
    /// (`--firebase-bucket`, `IMAGEFEED_FIREBASE_BUCKET`).
    public var bucketName: String?
    /// The bearer token of admin calls (firebase-admin's emulator mode sends `owner`); nil refuses every admin call
    /// (`--firebase-admin-token`, `IMAGEFEED_FIREBASE_ADMIN_TOKEN`).
    public var adminToken: String?
    /// Whether admin calls may come from other machines; by default only from loopback
    /// (`--firebase-admin-anywhere`, `IMAGEFEED_FIREBASE_ADMIN_ANYWHERE=1`).
    public var adminFromAnywhere = false
    /// The Storage rules file; nil for the default rules (`--firebase-storage-rules`,
    /// `IMAGEFEED_FIREBASE_STORAGE_RULES`).
    public var storageRulesFile: String?
    /// The largest object an upload may make (`IMAGEFEED_FIREBASE_MAX_UPLOAD`, e.g. `64MB`).
    public var maxUploadBytes = 64 << 20
    /// How long an ID token lives: Google's hour.
    public var idTokenLifetime: Int64 = 3600
    /// How long each signing key signs before the next takes over; a key is published and accepted for one more
    /// period after that, longer than any token it signed lives.
    public var keyRotation: Int64 = 6 * 3600
    /// How long a resumable upload may take: GCS's week.
    public var uploadLifetime: TimeInterval = 7 * 24 * 3600
    /// How long a password-reset link works.
    public var resetLinkLifetime: TimeInterval = 3600
    /// How long an email-verification link works.
    public var verifyLinkLifetime: TimeInterval = 3 * 24 * 3600

    public init() {}

    /// The bucket served.
    public var bucket: String { bucketName ?? projectID + ".appspot.com" }

    /// Every problem with the settings, as sentences.
    public func problems() -> [String] {
        var problems: [String] = []
        let projectCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
        if !(4...30).contains(projectID.count)
            || projectID.unicodeScalars.contains(where: { !projectCharacters.contains($0) })
            || projectID.hasPrefix("-") || projectID.hasSuffix("-")
        {
            problems.append(
                "The Firebase project id must be 4 to 30 lowercase letters, digits or hyphens; got \"\(projectID)\".")
        }
        let bucketCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_.")
        if !(3...222).contains(bucket.count)
            || bucket.unicodeScalars.contains(where: { !bucketCharacters.contains($0) })
            || bucket.hasPrefix(".") || bucket.hasSuffix(".")
        {
            problems.append(
                "The Firebase Storage bucket must be 3 to 222 lowercase letters, digits, dots, dashes or underscores; "
                    + "got \"\(bucket)\".")
        }
        if let adminToken, adminToken.isEmpty || adminToken.contains(where: \.isWhitespace) {
            problems.append("The Firebase admin token must not be empty or contain spaces.")
        }
        if maxUploadBytes < 1 { problems.append("The Firebase Storage upload limit must be positive.") }
        return problems
    }
}
