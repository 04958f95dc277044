import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// Opens the configured store for a one-off command and closes it afterwards.
func withStore(_ library: LibraryOptions, _ body: (LibraryStore) async throws -> Void) async throws {
    try await withStore(library) { store, _ in try await body(store) }
}

/// Opens the configured store for a one-off command that also needs the configuration, and closes it afterwards.
func withStore<Result>(
    _ library: LibraryOptions, _ body: (LibraryStore, LibraryConfiguration) async throws -> Result
) async throws -> Result {
    let configuration = try LibraryConfigurationLoader.load(library: library)
    return try await withStore(url: configuration.resolvedDatabaseURL) { store in try await body(store, configuration) }
}

/// Opens (and migrates) the store at `url` for a one-off command, and closes it afterwards.
func withStore<Result>(url: String, _ body: (LibraryStore) async throws -> Result) async throws -> Result {
    var logger = Logger(label: "imagefeed.cli")
    logger.logLevel = .error
    return try await LibraryStore.withOpened(url: url, logger: logger, body)
}

/// Reads a secret from standard input (one line), without echo when it is a terminal.
func readSecret(prompt: String) throws -> String {
    if isatty(STDIN_FILENO) == 1, let typed = getpass(prompt) { return String(cString: typed) }
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw ValidationError("No password given: pass --password or write it to standard input.")
    }
    return line
}
