import Foundation
import Logging

#if PostgreSQL
    import NIOCore
    import PostgresKit

    /// Keeps one connection listening on a channel, reconnecting (after 1 s, then up to 10 s) when it drops.
    enum PostgresListener {
        static func notifications(
            channel: String, configuration: PostgresConnection.Configuration, logger: Logger
        ) -> AsyncStream<DatabaseNotification> {
            let (stream, continuation) = AsyncStream.makeStream(of: DatabaseNotification.self)
            let task = Task {
                var delay = 1.0
                var attempt = 0
                while !Task.isCancelled {
                    attempt += 1
                    do {
                        let connection = try await PostgresConnection.connect(
                            configuration: configuration, id: attempt, logger: logger)
                        do {
                            try await connection.listen(on: channel) { notifications in
                                continuation.yield(.connected)
                                delay = 1
                                for try await notification in notifications {
                                    continuation.yield(.message(notification.payload))
                                }
                            }
                        } catch {
                            try? await connection.close()
                            throw error
                        }
                        try? await connection.close()
                    } catch {
                        if Task.isCancelled { break }
                        logger.warning(
                            "Lost the PostgreSQL notifications connection; reconnecting",
                            metadata: ["channel": "\(channel)", "error": "\(String(reflecting: error))"])
                    }
                    if Task.isCancelled { break }
                    try? await Task.sleep(for: .seconds(delay))
                    delay = min(delay * 2, 10)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
    }

#endif
