/// How the Realtime Database is served: its port, its rules, its limits and its timings. Who the admin is, the
/// Realtime Database shares with Authentication and Storage (``FirebaseSettings/adminToken``).
public struct DatabaseSettings: Sendable, Hashable {
    /// The port of the database's own listener; 0 serves no database (`--database-port`,
    /// `IMAGEFEED_DATABASE_PORT`; 9000, the emulator's, by default).
    public var port = 9000
    /// A rules file loaded at start as the server's rules, which every namespace without rules of its own follows
    /// (`--database-rules`, `IMAGEFEED_DATABASE_RULES`); nil keeps the rules the database holds, or the default.
    public var rulesFile: String?
    /// Whether a request without `ns` is in the namespace its host's first label names (`<ns>.example.com`), as
    /// Firebase's hosts are; a host that is an address or a single label is in ``defaultNamespace`` either way.
    public var namespaceFromHost = true
    /// The namespace of a request that names none (no `ns` and a host that is an address or `localhost`).
    public var defaultNamespace = "imagefeed-default-rtdb"
    /// The largest request body a write may have (`--database-max-write`, `IMAGEFEED_DATABASE_MAX_WRITE`).
    /// Firebase takes up to 256 MB over REST and 16 MB from its SDKs; 16 MB here by default, since a body is held
    /// in memory while it is checked.
    public var maximumWriteBytes = 16 << 20
    /// The most nodes one read may answer with; past it a read is refused as Firebase refuses one over its size
    /// limit, and the client reads less at a time (`shallow`, a query, a deeper path).
    public var maximumReadNodes = 1_000_000
    /// How many nodes a write is estimated to change per second, which turns `writeSizeLimit`'s target times
    /// (tiny 1 s, small 10 s, medium 30 s, large 60 s) into node counts.
    public var writeNodesPerSecond = 10_000
    /// The `writeSizeLimit` of requests that give none (Firebase's database setting `defaultWriteSizeLimit`).
    public var defaultWriteSizeLimit = WriteSizeLimit.large
    /// How often a stream sends `keep-alive` (and checks that its token still holds).
    public var keepAliveInterval: Duration = .seconds(30)
    /// How often each node also asks the database for changes it was not told about (a dropped notification
    /// connection, or another process writing an SQLite file).
    public var pollInterval: Duration = .seconds(5)
    /// How long the change log keeps a change for listeners that fell behind.
    public var changeRetention: Duration = .seconds(600)
    /// How many changes a listener may have waiting before it is closed as too slow (it reconnects and reads
    /// afresh).
    public var listenerBacklog = 1_000
    /// How long a WebSocket connection may send nothing before it is taken for gone (the SDKs send a keep-alive
    /// every 45 s) and closed, its onDisconnect operations run.
    public var webSocketIdleTimeout: Duration = .seconds(100)
    /// How many bytes of pushes one connection (a WebSocket, or a REST stream) may have waiting for a client that
    /// does not read them; past it the connection is closed and the client reconnects and reads afresh
    /// (`IMAGEFEED_DATABASE_MAX_UNREAD`). A push that finds nothing waiting is always taken, whatever its size, so a
    /// large first read still goes out.
    public var maximumUnreadBytes = 64 << 20
    /// How often a node says it is alive (for the onDisconnect operations of its WebSocket connections).
    public var nodeHeartbeatInterval: Duration = .seconds(5)
    /// How long a node may stay silent before another runs its connections' onDisconnect operations.
    public var nodeTimeout: Duration = .seconds(20)

    /// The defaults.
    public init() {}

    /// Every problem with the settings, as sentences.
    public func problems() -> [String] {
        var problems: [String] = []
        if !(0...65535).contains(port) { problems.append("The database port must be between 0 and 65535.") }
        if DatabaseNamespaceName.problem(with: defaultNamespace) != nil {
            problems.append("The default database namespace \"\(defaultNamespace)\" is not a valid namespace name.")
        }
        if maximumWriteBytes < 1 || maximumWriteBytes > 256 << 20 {
            problems.append("The database's largest write must be between 1 byte and 256 MB, Firebase's limit.")
        }
        if maximumUnreadBytes < 1 {
            problems.append("The bytes a database connection may leave unread must be at least 1.")
        }
        return problems
    }
}

/// The REST API's `writeSizeLimit`: how long a write may be estimated to take before it is refused.
///
/// Mirrors https://firebase.google.com/docs/reference/rest/database (`writeSizeLimit`: tiny 1 s, small 10 s,
/// medium 30 s, large 60 s, unlimited).
public enum WriteSizeLimit: String, Sendable, Hashable, CaseIterable {
    /// 1 second.
    case tiny
    /// 10 seconds.
    case small
    /// 30 seconds.
    case medium
    /// 60 seconds.
    case large
    /// No limit.
    case unlimited

    /// The target time in seconds; nil for unlimited.
    public var seconds: Int? {
        switch self {
        case .tiny: 1
        case .small: 10
        case .medium: 30
        case .large: 60
        case .unlimited: nil
        }
    }
}
