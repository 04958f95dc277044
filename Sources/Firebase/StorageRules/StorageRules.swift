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
