import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// A FIFO async mutex: one writer at a time, in arrival order.
actor WriteGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func leave() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
