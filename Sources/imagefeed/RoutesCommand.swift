import ArgumentParser
import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import Logging

/// `imagefeed routes`: the URL space as the server registers it — every route with its method and the group whose
/// middleware it gets. Tools and tests read the routes from here rather than from the sources.
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes", abstract: "List every route of the server with its method and group."
    )

    @Flag(name: .long, help: "Print JSON: [{\"method\", \"path\", \"group\"}].")
    var json = false

    @Option(name: .long, help: "Folder of the web app, whose files are routes too (default ./Web when present).")
    var web: String?

    func run() async throws {
        var logger = Logger(label: "imagefeed.routes")
        logger.logLevel = .error
        // The routes do not depend on the library: the server is built over an empty scratch one and never run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagefeed-routes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var settings = Configuration(dataDirectory: scratch.path)
        settings.webDirectory = web ?? ConfigurationLoader.defaultWebDirectory()
        let store = try await LibraryStore.open(
            url: "sqlite://" + scratch.appendingPathComponent("routes.sqlite").path, logger: logger)
        let routes = RouteTable()
        _ = try await buildApplication(
            settings, store: store, files: LibraryFiles(root: scratch.path), logger: logger, routes: routes)
        try await store.database.shutdown()

        if json {
            let rows = routes.entries.map {
                ["method": $0.method.rawValue, "path": $0.path, "group": $0.group.rawValue]
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let width = routes.entries.map(\.path.count).max() ?? 0
            for entry in routes.entries {
                let method = entry.method.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                print(
                    method + " " + entry.path.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                        + entry.group.rawValue)
            }
        }
    }
}
