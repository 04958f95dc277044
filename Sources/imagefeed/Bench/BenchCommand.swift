import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// `imagefeed bench`: what the benchmarks (`bench/`) need from the product itself, so that they never copy its SQL
/// or its schema: a synthetic library written through the store, and the statements the store runs for each
/// request, timed and with their plans.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Tools for the benchmarks: fill a library with synthetic photos, trace the store's statements.",
        subcommands: [BenchSeedCommand.self, BenchTraceCommand.self]
    )
}

extension BenchCommand {
    static func openStore(_ library: LibraryOptions) async throws -> LibraryStore {
        var logger = Logger(label: "imagefeed.bench")
        logger.logLevel = .error
        let configuration = try LibraryConfigurationLoader.load(library: library)
        return try await LibraryStore.open(url: configuration.resolvedDatabaseURL, logger: logger)
    }
}

extension Duration {
    var milliseconds: Double { timeInterval * 1000 }
}
