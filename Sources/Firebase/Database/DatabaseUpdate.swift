/// A multi-location update (REST `PATCH`, WebSocket `m`): keys are paths relative to the update's location, each
/// replaced by its value; everything else stays.
///
/// Mirrors `validateFirebaseMergeDataArg` and `validateFirebaseMergePaths` in firebase-js-sdk
/// `core/util/validation.ts`: the body must be an object; each key is a path of valid keys whose last key may
/// be `.priority`; no key may be an ancestor of another (`a` and `a/b` together are refused, since the result
/// would depend on the order of application).
public struct DatabaseUpdate: Sendable, Hashable {
    /// One replaced location.
    public struct Entry: Sendable, Hashable {
        /// Where, relative to the update's location.
        public let path: DatabasePath
        /// What goes there (null deletes).
        public let value: DatabaseInput
    }

    /// The locations in path order (an ancestor before its descendants).
    public let entries: [Entry]

    /// Parses a PATCH body for an update at `location`.
    public static func parse(_ bytes: [UInt8], at location: DatabasePath) throws(DatabaseError) -> DatabaseUpdate {
        let json: PositionedJSON
        do {
            json = try JSONParser.parse(bytes, options: JSONParseOptions(maximumNesting: 200))
        } catch {
            throw DatabaseError.unparsableJSON
        }
        return try DatabaseUpdate(positioned: json, at: location)
    }

    /// Reads a parsed update object (a WebSocket `m` body's `d`) for an update at `location`.
    public init(json: JSONValue, at location: DatabasePath) throws(DatabaseError) {
        try self.init(positioned: PositionedJSON(plain: json), at: location)
    }

    /// An update from already checked entries.
    public init(entries: [(DatabasePath, DatabaseInput)]) throws(DatabaseError) {
        try self.init(checked: entries.map { Entry(path: $0.0, value: $0.1) })
    }

    private init(positioned json: PositionedJSON, at location: DatabasePath) throws(DatabaseError) {
        guard case .object(let members) = json.kind else {
            throw DatabaseError(
                .invalidData,
                "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?")
        }
        var entries: [Entry] = []
        for member in members {
            let relative: DatabasePath
            do {
                relative = try DatabasePath(member.key, allowingPriority: true)
            } catch {
                throw DatabaseError(
                    error.code == .limitExceeded ? .limitExceeded : .invalidData,
                    "Invalid data; the update key \"\(member.key)\" is not a valid path: \(error.message)")
            }
            if relative.isRoot {
                throw DatabaseError(.invalidData, "Invalid data; the update key \"\(member.key)\" names no child.")
            }
            let full = location.appending(relative)
            if full.depth - (relative.isPriority ? 1 : 0) > DatabaseLimits.maximumDepth {
                throw DatabaseError(
                    .limitExceeded,
                    "Invalid data; path specified exceeds the maximum depth that can be written "
                        + "(\(DatabaseLimits.maximumDepth)).")
            }
            let value = try DatabaseInputReader(basePath: full).read(member.value, depth: full.depth)
            entries.append(Entry(path: relative, value: value))
        }
        try self.init(checked: entries)
    }

    private init(checked entries: [Entry]) throws(DatabaseError) {
        let sorted = entries.sorted { $0.path < $1.path }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.path.contains(next.path) {
            throw DatabaseError(
                .overlappingUpdate,
                "Invalid data; the update contains a path \(previous.path) that is ancestor of another path "
                    + "\(next.path)")
        }
        self.entries = sorted
    }

    /// True when some value waits for the server's clock or the current data.
    public var containsServerValues: Bool { entries.contains { $0.value.containsServerValues } }

    /// `root` with this update applied at `location`, server values resolved against `root` as it was.
    public func applied(to root: DatabaseNode, at location: DatabasePath, now: Int64) -> DatabaseNode {
        var result = root
        for entry in entries {
            let path = location.appending(entry.path)
            let node = entry.value.resolved(now: now, existing: root.node(at: path))
            result = result.setting(node, at: path)
        }
        return result
    }

    /// The changed locations as absolute paths, each with its resolved node (what a store writes and what an
    /// event fan-out announces as a `patch`).
    public func resolvedWrites(at location: DatabasePath, now: Int64, existing: (DatabasePath) -> DatabaseNode)
        -> [(path: DatabasePath, node: DatabaseNode)]
    {
        entries.map { entry in
            let path = location.appending(entry.path)
            return (path, entry.value.resolved(now: now) { existing(path.appending($0)) })
        }
    }
}
