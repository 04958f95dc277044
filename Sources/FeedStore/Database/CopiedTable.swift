import Foundation
import SQLKit

/// One table `imagefeed database copy` filled, and how many rows it holds now.
public struct CopiedTable: Sendable, Equatable {
    public let name: String
    public let rows: Int
}
