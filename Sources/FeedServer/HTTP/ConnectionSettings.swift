import Logging
import NIOCore

/// How long a connection may hold the server, and how many may: `serve`'s `--idle-timeout`, `--write-timeout` and
/// `--max-connections` (see the README's Configuration).
public struct ConnectionSettings: Sendable {
    /// A connection with no request under way for this long is closed: an idle kept-alive connection, and one whose
    /// request head (or the next part of its body) has not come in that time (a slowloris client, a trickled
    /// upload). Longer than the keep-alive timeout of `deploy/nginx/imagefeed.conf`'s upstream (60 s), so that nginx,
    /// not the node, closes the connections it keeps to a node; nil for none.
    public var idleTimeout: Duration? = .seconds(75)
    /// A client that takes none of its answer for this long is disconnected; nil for none.
    public var writeTimeout: Duration? = .seconds(60)
    /// A request body must average at least this many bytes a second, once it has been coming for the idle timeout:
    /// a body trickled a byte at a time (which the idle timeout alone would let run for days) is cut off. Nil for no
    /// floor.
    public var minimumBodyRate: Int? = 500
    /// The most connections open at once. At the limit, idle connections are closed (the oldest first) to make
    /// room, and no connection is kept alive after its answers; when none is idle, new connections wait in the
    /// listen backlog until one closes. Nil for no limit.
    public var maxConnections: Int? = 10_000

    /// The defaults.
    public init() {}

    /// What the connections' handlers share: the registry the limit closes idle connections through.
    var registry: ConnectionRegistry?
    /// Where refused requests are logged.
    var logger: Logger?

    /// These settings with what the connections of one server share.
    func shared(through registry: ConnectionRegistry, logger: Logger) -> ConnectionSettings {
        var settings = self
        settings.registry = registry
        settings.logger = logger
        return settings
    }

    /// ``idleTimeout`` as the event loops count time.
    var idleTimeoutAmount: TimeAmount? { idleTimeout.map(TimeAmount.init) }

    /// ``writeTimeout`` as the event loops count time.
    var writeTimeoutAmount: TimeAmount? { writeTimeout.map(TimeAmount.init) }

    /// How long a body comes before its rate is checked; nil for the idle timeout (75 s without one).
    var bodyRateGraceOverride: Duration?

    /// How long a body comes before its rate is checked.
    var bodyRateGrace: TimeAmount { TimeAmount(bodyRateGraceOverride ?? idleTimeout ?? .seconds(75)) }
}
