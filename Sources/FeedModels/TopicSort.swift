/// The order of the topic list (`order_by` on `/topics`).
public enum TopicSort: String, Sendable, CaseIterable {
    case featured, latest, oldest, position
}
