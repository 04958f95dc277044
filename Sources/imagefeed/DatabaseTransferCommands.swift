import ArgumentParser
import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import Logging

extension DatabaseCommand {
    /// `imagefeed database export NAMESPACE FILE`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a Realtime Database namespace to a JSON file, as Firebase's console exports it.",
            discussion: """
                The file holds the namespace's whole data with its priorities (Firebase's format=export: a \
                prioritised value is {".value": …, ".priority": …}), so `imagefeed database import` or Firebase's \
                console can bring it back exactly. The data is read in one snapshot; writes made meanwhile are not \
                in it. FILE - writes to standard output.
                """)

        @OptionGroup var library: LibraryOptions

        @Argument(help: "The namespace (the `ns` of its URLs, e.g. imagefeed-default-rtdb).")
        var namespace: String

        @Argument(help: "The JSON file to write, or - for standard output.")
        var file: String

        func run() async throws {
            if let problem = DatabaseNamespaceName.problem(with: namespace) { throw ValidationError(problem) }
            let node = try await withStore(library) { store, _ in
                try await realtimeDatabase(store).export(namespace: namespace)
            }
            let bytes = node.json(format: .export, pretty: true) + [UInt8(ascii: "\n")]
            if file == "-" {
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw ValidationError("Could not write \(file): \(error.localizedDescription)")
            }
            print("Exported \(Self.count(node)) nodes of the namespace \(namespace) to \(file).")
        }

        static func count(_ node: DatabaseNode) -> Int {
            node.isNull ? 0 : 1 + node.children.reduce(0) { $0 + count($1.node) }
        }
    }

    /// `imagefeed database import NAMESPACE FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a Realtime Database namespace's data with a JSON file (a Firebase console export).",
            discussion: """
                The file is what Firebase's console exports (or `imagefeed database export` writes): plain JSON, \
                with priorities as {".value": …, ".priority": …} or ".priority" members. It is checked as Firebase \
                checks data (keys, depth, sizes) before anything is written, then replaces the namespace's whole \
                data in one transaction: its listeners on every node see the new data at once. The namespace's \
                rules are kept. FILE - reads standard input.
                """)

        @OptionGroup var library: LibraryOptions

        @Argument(help: "The namespace (the `ns` of its URLs, e.g. imagefeed-default-rtdb).")
        var namespace: String

        @Argument(help: "The JSON file to read, or - for standard input.")
        var file: String

        func run() async throws {
            if let problem = DatabaseNamespaceName.problem(with: namespace) { throw ValidationError(problem) }
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: file) else {
                    throw ValidationError("Could not read \(file).")
                }
                data = contents
            }
            let node: DatabaseNode
            do {
                node = try DatabaseNode(json: Array(data))
            } catch {
                throw ValidationError("\(file) is not data the Realtime Database can hold: \(error.message)")
            }
            try await withStore(library) { store in
                try await realtimeDatabase(store).importData(namespace: namespace, node: node)
            }
            print("Imported \(Export.count(node)) nodes into the namespace \(namespace), replacing its data.")
        }
    }
}

/// The Realtime Database over an open store, for one-off commands: the default settings, since what `serve` is told
/// (its port, its rules file, its admin token) is nothing an export or an import reads.
private func realtimeDatabase(_ store: LibraryStore) -> RealtimeDatabase {
    var logger = Logger(label: "imagefeed.cli")
    logger.logLevel = .error
    return RealtimeDatabase(store: store, settings: DatabaseSettings(), verifier: nil, logger: logger)
}
