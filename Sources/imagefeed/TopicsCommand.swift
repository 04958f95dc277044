import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// `imagefeed topics create|list|update|delete`: the curated groups the feed's topic bar shows.
struct TopicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topics", abstract: "Manage topics: curated groups of photos, joined by tag or album.",
        subcommands: [Create.self, List.self, Update.self, Delete.self]
    )

    /// What `create` and `update` share.
    struct TopicOptions: ParsableArguments {
        @Option(help: "The name shown in the topic bar.") var title: String?
        @Option(help: "The topic's address (/topics/SLUG); made from the title when omitted.") var slug: String?
        @Option(help: "A sentence about the topic.") var description: String?
        @Option(help: "Photos with any of these tags join the topic (comma-separated).") var tags: String?
        @Option(
            verbatim: .customLong("collection"),
            help: "Photos of this album join the topic (repeatable; album id).")
        var collections: [String] = []
        @Option(help: "Where the topic stands in the bar, smallest first.") var position: Int?

        func changes(featured: Bool?) -> TopicChanges {
            TopicChanges(
                title: title?.trimmingCharacters(in: .whitespaces), slug: slug, description: description,
                tags: tags.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } },
                collectionIDs: collections.isEmpty ? nil : collections, featured: featured, position: position
            )
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a topic.")
        @OptionGroup var library: LibraryOptions
        @OptionGroup var topic: TopicOptions
        @Flag(help: "Show it in the feed's topic bar.") var featured = false

        func run() async throws {
            if let problem = TopicRules.title(topic.title, required: true) { throw ValidationError(problem) }
            try await withStore(library) { store in
                let created = try await Self.explained {
                    try await store.createTopic(topic.changes(featured: featured))
                }
                print("Created topic \(created.slug) (\(created.id)) with \(created.totalPhotos) photos.")
            }
        }

        /// Store refusals as sentences a command line user can act on.
        static func explained<T>(_ body: () async throws -> T) async throws -> T {
            do {
                return try await body()
            } catch let error as StoreError {
                guard let sentence = TopicRules.explain(error) else { throw error }
                throw ValidationError(sentence)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List topics in the bar's order.")
        @OptionGroup var library: LibraryOptions

        func run() async throws {
            try await withStore(library) { store in
                let topics = try await store.topics(order: .position, page: PageRequest(number: 1, size: 1000)).items
                if topics.isEmpty { print("No topics yet: imagefeed topics create --title … --tags …") }
                for topic in topics {
                    let members = (topic.tags.map { "#" + $0 } + topic.collectionIDs.map { "album " + $0 })
                        .joined(separator: ", ")
                    print(
                        "\(topic.slug)\t\(topic.title)\t\(topic.featured ? "featured" : "-")\t"
                            + "position \(topic.position)\t\(topic.totalPhotos) photos\t\(members)")
                }
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a topic; what is not given stays.")
        @OptionGroup var library: LibraryOptions
        @Argument(help: "The topic's id or slug.") var topicID: String
        @OptionGroup var topic: TopicOptions
        @Flag(help: "Show it in the feed's topic bar.") var featured = false
        @Flag(name: .customLong("not-featured"), help: "Take it out of the topic bar.") var notFeatured = false

        func run() async throws {
            guard !(featured && notFeatured) else { throw ValidationError("Choose --featured or --not-featured.") }
            if let problem = TopicRules.title(topic.title, required: false) { throw ValidationError(problem) }
            try await withStore(library) { store in
                let updated = try await Create.explained {
                    try await store.updateTopic(
                        topicID, topic.changes(featured: featured ? true : notFeatured ? false : nil))
                }
                print("Updated topic \(updated.slug) (\(updated.id)): \(updated.totalPhotos) photos.")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a topic (its photos stay).")
        @OptionGroup var library: LibraryOptions
        @Argument(help: "The topic's id or slug.") var topicID: String

        func run() async throws {
            try await withStore(library) { store in
                try await Create.explained { try await store.deleteTopic(topicID) }
                print("Deleted topic \(topicID).")
            }
        }
    }
}
