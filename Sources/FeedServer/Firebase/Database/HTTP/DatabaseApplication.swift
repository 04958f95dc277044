import FeedLibrary
import Hummingbird
import Logging

/// The database's own listener (`serve --database-port`): a second HTTP server in the same process, with its own
/// small route set at the host's root (`/<path>.json`, `/.settings/rules.json`), as Firebase's database hosts and
/// emulator have it. It stops with the server, after its streams were ended. `admin` is Firebase's one admin (the
/// token of Authentication and Storage), to whom no rules apply; `trustedProxies` (the server's
/// `--trusted-proxies`) may name the client in `X-Forwarded-For`, so the admin gate sees the client and not nginx.
public func buildDatabaseApplication(
    _ database: RealtimeDatabase, admin: FirebaseAdminGate, host: String, trustedProxies: [String] = [],
    logger: Logger
) -> some ApplicationProtocol {
    let router = Router(context: DatabaseRequestContext.self)
    router.add(
        middleware: ClientAddressMiddleware<DatabaseRequestContext>(
            resolver: ClientAddress(trustedProxies: TrustedProxies(trustedProxies))))
    router.add(middleware: DatabaseErrorMiddleware())
    DatabaseRESTController(database: database, admin: admin).addRoutes(to: router)
    return Application(
        router: router,
        configuration: .init(address: .hostname(host, port: database.settings.port), serverName: "ImageFeed"),
        logger: logger
    )
}
