import Foundation
import SQLKit

/// An original image file in the data directory, named by its content.
public struct StoredOriginal: Sendable, Hashable {
    public let sha256: String
    public let format: String

    public init(sha256: String, format: String) {
        self.sha256 = sha256
        self.format = format
    }
}
