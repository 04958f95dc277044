import FeedStore

/// The rules for topics, which the administrator makes with `imagefeed topics`, each with the sentence a person sees
/// when it is broken.
public enum TopicRules {
    /// The longest title the topic bar shows.
    public static let maxTitleLength = 100

    /// What is wrong with a title; `required` when making a topic, where it cannot be left out.
    public static func title(_ value: String?, required: Bool) -> String? {
        guard let value else { return required ? "A topic needs a --title." : nil }
        if value.trimmingCharacters(in: .whitespaces).isEmpty { return "A topic needs a --title." }
        if value.count > maxTitleLength { return "The title must be at most \(maxTitleLength) characters." }
        return nil
    }

    /// A store's refusal of a topic change as a sentence a person can act on; nil for errors that are no refusal.
    public static func explain(_ error: StoreError) -> String? {
        switch error {
        case .conflict: "Another topic already has this slug; choose one with --slug."
        case .notFound(let thing): thing == "Collection" ? "There is no album with that id." : "There is no such topic."
        case .badConfiguration(let message): message
        default: nil
        }
    }
}
