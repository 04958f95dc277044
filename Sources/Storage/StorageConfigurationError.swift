import Foundation

/// Everything wrong with the storage settings, one sentence each, so a user fixes them in one go.
public struct StorageConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The sentences.
    public var problems: [String]

    /// An error from its sentences.
    public init(problems: [String]) { self.problems = problems }

    /// The sentences, one a line.
    public var description: String { problems.joined(separator: "\n") }
}
