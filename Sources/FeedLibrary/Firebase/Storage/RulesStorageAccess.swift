import FeedModels
import FeedStore
import Firebase
import Foundation

/// The Storage rules language's answer to a request: the rules of `--firebase-storage-rules`, or Firebase's target's
/// default rules (a signed-in person reads and writes under `<folder>/<their uid>/`).
public struct RulesStorageAccess: StorageAccessPolicy {
    public let rules: StorageRules

    /// The rules of `file`, or the default rules without one. A file that cannot be read or does not compile is a
    /// ``ConfigurationError`` naming its line and column, so that the server does not start with other rules than
    /// its operator wrote.
    public static func load(file: String?) throws -> RulesStorageAccess {
        guard let file else { return RulesStorageAccess(rules: .default) }
        guard let data = FileManager.default.contents(atPath: file), let source = String(data: data, encoding: .utf8)
        else { throw ConfigurationError(problems: ["The Firebase Storage rules file \(file) cannot be read."]) }
        do {
            return RulesStorageAccess(rules: try StorageRules(source: source))
        } catch {
            throw ConfigurationError(problems: [
                "The Firebase Storage rules in \(file) do not compile: line \(error.line), column \(error.column): "
                    + "\(error.reason)."
            ])
        }
    }

    public func allows(_ request: StorageAccessRequest) -> Bool {
        let operation: StorageOperation =
            switch request.action {
            case .get: .get
            case .list: .list
            case .create: .create
            case .update: .update
            case .delete: .delete
            }
        let auth = request.auth.map { claims in
            StorageAuth(uid: claims.sub, token: Self.token(claims))
        }
        let proposed = request.proposed.map {
            StorageObjectMetadata(
                name: $0.name, bucket: $0.bucket, size: $0.size, contentType: $0.contentType, metadata: $0.metadata,
                timeCreated: request.time.millisecondsSince1970, updated: request.time.millisecondsSince1970,
                md5Hash: $0.md5Hash)
        }
        let existing = request.resource.map {
            StorageObjectMetadata(
                name: $0.name, bucket: $0.bucket, size: $0.size, contentType: $0.contentType,
                metadata: $0.customMetadata, timeCreated: $0.createdAt, updated: $0.updatedAt, md5Hash: $0.md5Hash)
        }
        return rules.evaluate(
            StorageRequest(
                operation: operation, bucket: request.bucket, path: request.path, auth: auth,
                time: request.time.millisecondsSince1970, resource: proposed),
            existing: existing
        ).allowed
    }

    /// `request.auth.token`: every claim of the ID token, custom claims included.
    public static func token(_ claims: IDTokenClaims) -> [String: Firebase.JSONValue] {
        guard let data = try? JSONEncoder().encode(claims), let value = try? Firebase.JSONValue.parse(Array(data)),
            case .object(let members) = value
        else { return [:] }
        return members
    }
}
