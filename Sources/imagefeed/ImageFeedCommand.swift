import ArgumentParser

/// `imagefeed`: serve the photo library, import photos into it.
@main
struct ImageFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagefeed",
        abstract: "A self-hosted photo feed with an Unsplash-compatible API.",
        subcommands: [
            ServeCommand.self, ImportCommand.self, UsersCommand.self, AppsCommand.self, TopicsCommand.self,
            RoutesCommand.self, SourcesCommand.self, CheckCommand.self, BackupCommand.self, RestoreCommand.self,
            BenchCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}

/// Options every subcommand that touches the library shares.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "Data directory for originals, renditions and the SQLite database (IMAGEFEED_DATA).")
    var data: String?

    @Option(name: .long, help: "Database URL: postgres://user:pass@host/db or sqlite:///path (IMAGEFEED_DATABASE_URL).")
    var database: String?

    @Option(name: .long, help: "Largest accepted image in megapixels (IMAGEFEED_MAX_MEGAPIXELS; default 100).")
    var maxMegapixels: Int?

    @Option(name: .long, help: "Largest accepted image file in megabytes (IMAGEFEED_MAX_MEGABYTES; default 200).")
    var maxMegabytes: Int?
}
