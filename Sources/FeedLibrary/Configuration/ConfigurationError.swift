/// Settings that could not be used, each named.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var problems: [String]

    public init(problems: [String]) {
        self.problems = problems
    }

    public var description: String {
        "ImageFeed cannot start:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
