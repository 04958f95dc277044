import Foundation
import SQLKit

/// Which rows of a page come from the ranked window and which from the older matches after it.
struct WindowedPage: Equatable {
    /// Offsets into the ranked window.
    var window: Range<Int>?
    /// Offsets into the older matches, which follow the window.
    var rest: Range<Int>?

    init(window: Range<Int>?, rest: Range<Int>?) {
        self.window = window
        self.rest = rest
    }

    init(offset: Int, size: Int, windowCount: Int) {
        let wanted = offset..<(offset + size)
        let inWindow = wanted.clamped(to: 0..<windowCount)
        window = inWindow.isEmpty ? nil : inWindow
        let restStart = max(offset, windowCount) - windowCount
        let restEnd = wanted.upperBound - windowCount
        rest = restEnd > restStart ? restStart..<restEnd : nil
    }
}
