/// A Storage rules file, compiled, and the answer it gives to a request.
///
/// Mirrors the subset of Firebase's Storage security rules language (https://firebase.google.com/docs/reference/
/// security/storage, https://firebase.google.com/docs/storage/security/core-syntax) that issue 29 lists:
/// `rules_version`, `service firebase.storage`, nested `match` blocks with `{name}` and `{rest=**}` wildcards
/// (zero or more segments under `rules_version = '2'`, one or more under version 1), `allow read | write | get |
/// list | create | update | delete [: if <condition>]` (read = get + list, write = create + update + delete),
/// `function`s with `let` and `return`, `request.auth` (`uid`, `token`), `request.resource` and `resource`
/// (`name`, `bucket`, `size`, `contentType`, `metadata`, `timeCreated`, `updated`, `md5Hash`…), `request.time`,
/// `request.path`, `request.method`, literals, lists, maps, comparisons, `&& || !`, `in`, `is`, `?:`, arithmetic,
/// `.matches()` (a whole-string match, as RE2's full match), `.size()`, indexing, `timestamp.date(y, m, d)` and
/// `duration.value(n, unit)`. Any `allow` that matches and holds grants: Firebase's OR across matches.
public struct StorageRules: Sendable {
    /// The text the rules were read from.
    public let source: String
    let file: StorageRulesFile

    /// The rules `serve` uses without `--firebase-storage-rules`: a signed-in person reads and writes the files
    /// under a folder named by their uid one level below a top folder — `favs/<uid>/…`, `users/<uid>/…`,
    /// `avatars/<uid>/…`, the layout iWall-style apps use (a favourite is `favs/<uid>/<image>.jpg`) — and nothing
    /// else. Files directly under a top-level `<uid>/` folder are not theirs: that layout would collide with the
    /// first one (`users/<uid>/…` would belong to a person whose uid is `users`).
    public static let defaultSource = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            // favs/<uid>/…, users/<uid>/…: the second segment names the owner.
            match /{folder}/{uid}/{path=**} {
              allow read, write: if request.auth != null && request.auth.uid == uid;
            }
          }
        }
        """

    /// The compiled ``defaultSource``.
    public static let `default`: StorageRules = {
        do {
            return try StorageRules(source: defaultSource)
        } catch {
            preconditionFailure("The default Storage rules must compile: \(error)")
        }
    }()

    /// The largest rules file accepted (Firebase's limit for a rules file).
    public static let maximumSourceBytes = 256 * 1024

    /// Compiles a rules file; throws with the line and column of the first problem.
    public init(source: String) throws(StorageRulesError) {
        guard source.utf8.count <= Self.maximumSourceBytes else {
            throw StorageRulesError(
                line: 1, column: 1,
                reason: "The rules are \(source.utf8.count) bytes; at most \(Self.maximumSourceBytes) are accepted")
        }
        self.source = source
        self.file = try StorageRulesParser.parse(source)
    }

    /// The rules version the file declares (1 without `rules_version`).
    public var version: Int { file.version }
}

/// Who is asking, as `request.auth` sees them; a request without credentials has none (`request.auth == null`).
public struct StorageAuth: Sendable, Hashable {
    /// `request.auth.uid`.
    public var uid: String
    /// `request.auth.token`: the ID token's claims.
    public var token: [String: JSONValue]

    /// Makes an identity.
    public init(uid: String, token: [String: JSONValue] = [:]) {
        self.uid = uid
        self.token = token
    }
}

/// An object's metadata as the rules see it in `resource` (the stored object) and `request.resource` (the object
/// as it would be after a create or update).
public struct StorageObjectMetadata: Sendable, Hashable {
    /// The full object name, `favs/u1/a.jpg`.
    public var name: String
    /// The bucket.
    public var bucket: String
    /// The size in bytes.
    public var size: Int64
    /// The content type, `image/jpeg`.
    public var contentType: String?
    /// Custom metadata.
    public var metadata: [String: String]
    /// Milliseconds since 1970.
    public var timeCreated: Int64?
    /// Milliseconds since 1970.
    public var updated: Int64?
    /// Base64 MD5, as GCS reports it.
    public var md5Hash: String?

    /// Makes metadata.
    public init(
        name: String, bucket: String, size: Int64, contentType: String? = nil, metadata: [String: String] = [:],
        timeCreated: Int64? = nil, updated: Int64? = nil, md5Hash: String? = nil
    ) {
        self.name = name
        self.bucket = bucket
        self.size = size
        self.contentType = contentType
        self.metadata = metadata
        self.timeCreated = timeCreated
        self.updated = updated
        self.md5Hash = md5Hash
    }
}

/// A request the rules judge.
public struct StorageRequest: Sendable, Hashable {
    /// What is asked.
    public var operation: StorageOperation
    /// The bucket.
    public var bucket: String
    /// The object name (`favs/u1/a.jpg`), or for `list` the prefix listed (`favs/u1/`).
    public var path: String
    /// Who asks.
    public var auth: StorageAuth?
    /// `request.time`, in milliseconds since 1970.
    public var time: Int64
    /// `request.resource`: the object as it would be after a create or update.
    public var resource: StorageObjectMetadata?

    /// Makes a request.
    public init(
        operation: StorageOperation, bucket: String, path: String, auth: StorageAuth?, time: Int64,
        resource: StorageObjectMetadata? = nil
    ) {
        self.operation = operation
        self.bucket = bucket
        self.path = path
        self.auth = auth
        self.time = time
        self.resource = resource
    }
}

/// The answer to a request, with the rule that decided it for the logs.
public struct StorageRulesDecision: Sendable, Hashable, CustomStringConvertible {
    /// Whether the request may go ahead.
    public var allowed: Bool
    /// The `allow` that granted it, `7:7 allow read, write`; nil when denied.
    public var rule: String?
    /// Why, for people reading logs.
    public var reason: String

    public var description: String { (allowed ? "allowed" : "denied") + ": " + reason }
}
