import ArgumentParser

/// `serve`'s options for the Firebase Realtime Database; its admin is `--firebase-admin-token`, Firebase's one admin
/// (``FirebaseOptions``).
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("database-port"),
        help: "Port of the Firebase Realtime Database, 0 for none (IMAGEFEED_DATABASE_PORT; default 9000).")
    var port: Int?

    @Option(
        name: .customLong("database-rules"),
        help:
            "A Realtime Database rules file, loaded at start as the rules of every namespace without its own (IMAGEFEED_DATABASE_RULES)."
    )
    var rules: String?

    @Option(
        name: .customLong("database-max-write"),
        help:
            "The largest write the Realtime Database accepts, e.g. 16MB or 256MB (IMAGEFEED_DATABASE_MAX_WRITE; default 16MB)."
    )
    var maxWrite: String?

    @Option(
        name: .customLong("database-max-unread"),
        help:
            "How much a Realtime Database connection (an SDK's WebSocket, a REST stream) may leave unread before it is closed, e.g. 64MB (IMAGEFEED_DATABASE_MAX_UNREAD; default 64MB)."
    )
    var maxUnread: String?

    init() {}
}
