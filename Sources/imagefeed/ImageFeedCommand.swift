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
            StorageCommand.self, DatabaseCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
