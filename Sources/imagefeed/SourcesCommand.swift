import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Imaging
import Logging

/// `imagefeed sources add|list|remove|sync`: fill the library from Unsplash, Pixabay, Flickr and other ImageFeed
/// servers, with their rules and credits.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "Bring photos in from Unsplash, Pixabay, Flickr and other ImageFeed servers.",
        discussion: """
            Unsplash, Flickr and other ImageFeed servers are hotlinked: their photos' details are kept here and \
            their images are redirects to the source. Pixabay's photos are downloaded (its links expire). Every \
            sync adds what is new, updates what changed and removes what the source no longer has (a downloaded \
            photo is kept, marked); it can be stopped at any moment and run again. To sync on a schedule, run \
            `imagefeed serve --sync-every 1h` or `imagefeed sources sync --every 1h`.
            """,
        subcommands: [Add.self, List.self, Remove.self, Sync.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a source.",
            discussion: """
                Examples:
                  imagefeed sources add unsplash --access-key KEY --topic nature
                  imagefeed sources add imagefeed friends --api-url https://photos.example.org
                  imagefeed sources add pixabay --key KEY --query mountains --min-width 1920 --editors-choice
                  imagefeed sources add flickr --api-key KEY --tags lighthouse --licenses cc-by-2.0,cc0-1.0
                A key left out is read from standard input (without echo on a terminal).
                """
        )
        @OptionGroup var library: LibraryOptions

        @Argument(help: "The service: unsplash, imagefeed, pixabay or flickr.")
        var kind: String
        @Argument(help: "The name to call it by (default: the service's name).")
        var name: String?

        @Option(
            verbatim: .long, help: "Unsplash's access key, or another ImageFeed server's (an app's public key)."
        )
        var accessKey: String?
        @Option(verbatim: .long, help: "Pixabay's API key.") var key: String?
        @Option(verbatim: .long, help: "Flickr's API key.") var apiKey: String?
        @Option(help: "The API's address, for another ImageFeed server or a stand-in for the service.") var apiURL:
            String?

        @Option(verbatim: .long, help: "Unsplash: a topic's slug or id.") var topic: String?
        @Option(verbatim: .long, help: "Unsplash: a collection's id.") var collection: String?
        @Option(help: "Unsplash: a person's photos. Flickr: a person's id (NSID), or the owner of --album.") var user:
            String?
        @Option(help: "Unsplash, Pixabay: a search.") var query: String?
        @Option(help: "Unsplash: the app name in referral links (utm_source; default imagefeed).") var appName: String?
        @Option(help: "Pixabay: a category (nature, animals, …).") var category: String?
        @Option(help: "Pixabay: the smallest width.") var minWidth: String?
        @Option(help: "Pixabay: the smallest height.") var minHeight: String?
        @Flag(help: "Pixabay: only Editor's Choice photos.") var editorsChoice = false
        @Option(help: "Flickr: photos with any of these tags (comma-separated).") var tags: String?
        @Option(help: "Flickr: photos whose title, description or tags match.") var text: String?
        @Option(help: "Flickr: photos near this latitude (with --lon).") var lat: String?
        @Option(help: "Flickr: photos near this longitude (with --lat).") var lon: String?
        @Option(help: "Flickr: how far from --lat/--lon, in km (default 5).") var radius: String?
        @Option(verbatim: .long, help: "Flickr: an album's (photoset's) id; needs --user.") var album: String?
        @Option(
            help:
                "Flickr: the licences to bring in, as ids or Flickr numbers (default: Creative Commons and public domain, 1 to 10)."
        )
        var licenses: String?
        @Option(help: "Photos looked at per sync (default \(SourceSyncer.defaultLimit)).") var limit: String?

        func run() async throws {
            guard let kind = SourceKind(rawValue: kind.lowercased()) else {
                throw ValidationError(
                    "The service must be one of \(SourceKind.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(self.kind)\"."
                )
            }
            let given: [String: String?] = [
                "topic": topic, "collection": collection, "user": user, "query": query, "app_name": appName,
                "category": category, "min_width": minWidth, "min_height": minHeight,
                "editors_choice": editorsChoice ? "true" : nil, "tags": tags, "text": text, "lat": lat, "lon": lon,
                "radius": radius, "album": album, "licenses": licenses, "limit": limit,
            ]
            let options = given.compactMapValues { $0 }
            var credential = accessKey ?? key ?? apiKey ?? ""
            let needsKey = kind != .imagefeed
            var problems = kind.problems(
                options: options, credential: needsKey && credential.isEmpty ? "?" : credential,
                apiURL: apiURL)
            guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            if needsKey, credential.isEmpty {
                credential = try readSecret(prompt: "\(kind.rawValue.capitalized) key: ")
                problems = kind.problems(options: options, credential: credential, apiURL: apiURL)
                guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            }
            let source = SourceRecord(
                name: name ?? kind.rawValue, kind: kind.rawValue, apiURL: apiURL ?? kind.defaultAPIURL ?? "",
                credential: credential, options: options
            )
            try await withStore(library) { store in
                do {
                    _ = try await store.addSource(source)
                } catch StoreError.conflict {
                    throw ValidationError("There is already a source named \(source.name); give this one another name.")
                }
                print(
                    "Added \(source.name) (\(kind.rawValue), \(source.apiURL)). Run `imagefeed sources sync \(source.name)` to bring its photos in."
                )
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sources, with their last sync.")
        @OptionGroup var library: LibraryOptions
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            try await withStore(library) { store in
                let sources = try await store.sources()
                if output.isEnabled { return try printJSON(sources.map(SourceOutput.init)) }
                guard !sources.isEmpty else {
                    print("No sources yet; add one with `imagefeed sources add`.")
                    return
                }
                for source in sources { print(Self.describe(source)) }
            }
        }

        /// One source in a few lines; the key shows only its last four characters.
        static func describe(_ source: SourceRecord) -> String {
            let options = source.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: " ")
            let key = source.credential.isEmpty ? "none" : "…" + source.credential.suffix(4)
            let last =
                source.lastSyncAt.map { "last synced \($0.formatted(.iso8601)): \(source.lastSyncSummary ?? "")" }
                ?? "never synced"
            return """
                \(source.name)  \(source.kind)  \(source.apiURL)  key \(key)  \(source.photoCount) photos
                  \(options.isEmpty ? "(the default listing)" : options)
                  \(last)
                """
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a source and every photo it brought in.")
        @OptionGroup var library: LibraryOptions
        @Argument(help: "The source's name.") var name: String

        func run() async throws {
            try await withStore(library) { store, configuration in
                guard let source = try await store.source(named: name) else {
                    throw ValidationError("There is no source named \(name); `imagefeed sources list` shows them.")
                }
                let orphans = try await store.deleteSource(id: source.id)
                await (try configuration.libraryFiles()).remove(orphans, recordingIn: store)
                print("Removed \(source.name) and its \(orphans.photoIDs.count) photos.")
            }
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring in what is new at the sources (all of them, or those named).")
        @OptionGroup var library: LibraryOptions
        @Argument(help: "Names of the sources to sync (default: all).") var names: [String] = []
        @Option(help: "Photos looked at per source this time (default: each source's --limit).") var limit: Int?
        @Option(help: "Keep running and sync again after this long, e.g. 30m, 1h, 1d.") var every: String?

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
            if let every, DurationText.parse(every) == nil {
                throw ValidationError("--every must be a duration such as 90s, 30m, 1h or 1d; got \"\(every)\".")
            }
        }

        func run() async throws {
            let interval = every.flatMap(DurationText.parse)
            var failures = 0
            repeat {
                failures = try await syncOnce()
                if let interval {
                    print("Next sync in \(every ?? "").")
                    fflush(nil)
                    try await Task.sleep(for: interval)
                }
            } while interval != nil
            if failures > 0 { throw ExitCode(1) }
        }

        /// Syncs the sources once; returns how many did not finish.
        func syncOnce() async throws -> Int {
            try await withStore(library) { store, configuration in
                var logger = Logger(label: "imagefeed.sources")
                logger.logLevel = .error
                try Imaging.start(concurrency: 1)
                let all = try await store.sources()
                let chosen =
                    names.isEmpty
                    ? all
                    : try names.map { name in
                        guard let source = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                            throw ValidationError(
                                "There is no source named \(name); `imagefeed sources list` shows them.")
                        }
                        return source
                    }
                if chosen.isEmpty { print("No sources yet; add one with `imagefeed sources add`.") }
                let syncer = SourceSyncer(
                    store: store, files: try configuration.libraryFiles(),
                    imaging: Imaging(limits: configuration.imageLimits), logger: logger
                )
                var failures = 0
                for source in chosen {
                    let bar = ProgressBar()
                    do {
                        let summary = try await syncer.sync(source, limit: limit) { event in
                            switch event {
                            case .started(let name, let limit):
                                bar.start(total: limit, message: "Syncing \(name) (up to \(limit) photos)…")
                            case .photo(let remoteID, let outcome):
                                if case .failed(let reason) = outcome {
                                    bar.step(failure: "\(remoteID): \(reason)")
                                } else {
                                    bar.step()
                                }
                            case .waiting(let wait, let reason):
                                bar.note("waiting \(wait.components.seconds) s: \(reason)")
                            case .removed(let remoteID, let deleted):
                                bar.note("\(remoteID) is gone from the source: \(deleted ? "removed" : "kept, marked")")
                            }
                        }
                        bar.finish()
                        print("\(source.name): \(summary).")
                    } catch {
                        bar.finish()
                        print("\(source.name): the sync did not finish: \(error)")
                        failures += 1
                    }
                }
                return failures
            }
        }
    }
}
