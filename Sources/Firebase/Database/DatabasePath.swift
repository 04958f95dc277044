import Foundation

/// A location in the database: the keys from the root, `[]` for the root itself.
///
/// Mirrors firebase-js-sdk `packages/database/src/core/util/Path.ts` (empty segments are dropped, so `/a//b/` is
/// `a/b`) with the checks of `validatePathString`/`validateFirebaseMergePaths` in `validation.ts`. Keys are kept
/// exactly (no Unicode normalisation): two spellings that Swift calls equal are two different Firebase keys, so
/// comparisons go through UTF-16 code units.
public struct DatabasePath: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The keys from the root.
    public let segments: [String]

    /// The root.
    public static let root = DatabasePath(trusted: [])

    init(trusted segments: [String]) {
        self.segments = segments
    }

    /// A path from keys, each checked; throws ``DatabaseError`` naming the first bad key. With
    /// `allowingPriority`, the last key may be `.priority` (a REST `PUT /a/.priority.json`, or an update key
    /// `"a/.priority"`), which addresses the priority of its parent. With `allowingInfo`, the first key may be
    /// `.info`, the SDKs' local connection data (`validateRootPathString`), which a server only ever reads.
    public init(segments: [String], allowingPriority: Bool = false, allowingInfo: Bool = false) throws(DatabaseError) {
        for (index, segment) in segments.enumerated() {
            if allowingPriority, index == segments.count - 1, segment == ".priority" { continue }
            if allowingInfo, index == 0, segment == ".info" { continue }
            if let problem = DatabaseKey.problem(with: segment) {
                if segment.utf8.count > DatabaseLimits.maximumKeyBytes {
                    throw DatabaseError(.limitExceeded, "Invalid path: \(problem)")
                }
                throw DatabaseError.invalidPath(problem)
            }
        }
        if segments.count > DatabaseLimits.maximumDepth {
            throw DatabaseError(
                .limitExceeded,
                "Invalid path: path specified exceeds the maximum depth that can be written "
                    + "(\(DatabaseLimits.maximumDepth))")
        }
        self.segments = segments
    }

    /// Parses `a/b/c` (leading, trailing and doubled slashes ignored), checking every key.
    public init(_ string: String, allowingPriority: Bool = false, allowingInfo: Bool = false) throws(DatabaseError) {
        try self.init(
            segments: string.split(separator: "/", omittingEmptySubsequences: true).map(String.init),
            allowingPriority: allowingPriority, allowingInfo: allowingInfo)
    }

    /// Parses a URL path as it arrives (`/users/ada%20l.json` minus the `.json` the REST layer strips):
    /// percent-escapes are decoded per segment, so `%2F` is refused as a `/` inside a key, not taken as a separator.
    public init(percentEncoded string: String, allowingPriority: Bool = false, allowingInfo: Bool = false)
        throws(DatabaseError)
    {
        var keys: [String] = []
        for piece in string.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(piece).removingPercentEncoding else {
                throw DatabaseError.invalidPath("bad percent-encoding in \"\(piece)\"")
            }
            keys.append(decoded)
        }
        try self.init(segments: keys, allowingPriority: allowingPriority, allowingInfo: allowingInfo)
    }

    /// True for `.info` and below: the SDKs' connection data, never stored.
    public var isInfo: Bool { segments.first == ".info" }

    /// True when the last key is `.priority`: the path addresses its parent's priority.
    public var isPriority: Bool { segments.last == ".priority" }

    /// True for the root.
    public var isRoot: Bool { segments.isEmpty }
    /// The number of keys.
    public var depth: Int { segments.count }
    /// The last key; nil at the root.
    public var lastKey: String? { segments.last }
    /// The path one level up; nil at the root.
    public var parent: DatabasePath? { isRoot ? nil : DatabasePath(trusted: Array(segments.dropLast())) }

    /// The path of `key` below this one (the key is the caller's to have checked).
    public func child(_ key: String) -> DatabasePath { DatabasePath(trusted: segments + [key]) }

    /// This path followed by `other`.
    public func appending(_ other: DatabasePath) -> DatabasePath {
        DatabasePath(trusted: segments + other.segments)
    }

    /// True when `other` is this path or below it.
    public func contains(_ other: DatabasePath) -> Bool {
        guard other.segments.count >= segments.count else { return false }
        return zip(segments, other.segments).allSatisfy { $0.utf16.elementsEqual($1.utf16) }
    }

    /// `other` relative to this path, when this path contains it.
    public func relative(_ other: DatabasePath) -> DatabasePath? {
        contains(other) ? DatabasePath(trusted: Array(other.segments.dropFirst(segments.count))) : nil
    }

    /// `/a/b`, and `/` for the root, as Firebase prints paths in errors and events.
    public var description: String { "/" + segments.joined(separator: "/") }

    /// Same keys, compared by code units.
    public static func == (lhs: DatabasePath, rhs: DatabasePath) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.utf16.elementsEqual($1.utf16) }
    }

    /// Hashes the keys' code units, consistently with ``==``.
    public func hash(into hasher: inout Hasher) {
        for segment in segments {
            for unit in segment.utf16 { hasher.combine(unit) }
            hasher.combine(0xFFFF_FFFF as UInt32)
        }
    }

    /// Keys compared in Firebase key order, an ancestor before its descendants (`pathCompare` in Path.ts).
    public static func < (lhs: DatabasePath, rhs: DatabasePath) -> Bool {
        for (a, b) in zip(lhs.segments, rhs.segments) {
            let order = FirebaseKeyOrder.compare(a, b)
            if order != 0 { return order < 0 }
        }
        return lhs.segments.count < rhs.segments.count
    }
}
