import FeedLibrary
import Hummingbird
import HummingbirdCore
import Logging

/// The database's own listener (`serve --database-port`): a second HTTP server in the same process, with its own
/// small route set at the host's root (`/<path>.json`, `/.settings/rules.json`), as Firebase's database hosts and
/// emulator have it, and the SDKs' WebSocket protocol at `/.ws`. It stops with the server, after its streams were ended. `admin` is Firebase's one admin (the
/// token of Authentication and Storage), to whom no rules apply; `trustedProxies` (the server's
/// `--trusted-proxies`) may name the client in `X-Forwarded-For`, so the admin gate sees the client and not nginx.
public func buildDatabaseApplication(
    _ database: RealtimeDatabase, admin: FirebaseAdminGate, host: String, trustedProxies: [String] = [],
    logger: Logger
) -> some ApplicationProtocol {
    let router = Router(context: DatabaseRequestContext.self)
    let clientAddress = ClientAddress(trustedProxies: TrustedProxies(trustedProxies))
    router.add(middleware: ClientAddressMiddleware<DatabaseRequestContext>(resolver: clientAddress))
    router.add(middleware: DatabaseErrorMiddleware())
    DatabaseRESTController(database: database, admin: admin).addRoutes(to: router)
    // `/.ws` upgrades to the SDKs' WebSocket protocol on the same port, as on Firebase's hosts and emulator.
    let webSocket = DatabaseWebSocketService(
        database: database, admin: admin, clientAddress: clientAddress,
        listenerHost: "\(host):\(database.settings.port)")
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in DatabaseChannel(responder: responder, webSocket: webSocket) },
        configuration: .init(address: .hostname(host, port: database.settings.port), serverName: "ImageFeed"),
        logger: logger
    )
}
