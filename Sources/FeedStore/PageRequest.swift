import FeedModels
import Foundation

/// Which page of a list to read. `number` starts at 1.
public struct PageRequest: Sendable, Hashable {
    public var number: Int
    public var size: Int

    public init(number: Int, size: Int) {
        self.number = max(1, number)
        self.size = max(1, size)
    }

    var offset: Int { (number - 1) * size }
}
