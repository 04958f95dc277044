#if canImport(Darwin)
    import Foundation

    /// A value behind a lock, for state shared between threads.
    ///
    /// On Linux this is the standard library's `Mutex`. `Mutex` needs macOS 15 and iOS 18, and the package supports
    /// macOS 14 and iOS 17 (for FeedKit's apps), so Apple platforms get this lock-backed box with the same `withLock`.
    public final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value

        public init(_ value: Value) {
            self.value = value
        }

        /// Runs `body` with the value while holding the lock.
        public func withLock<Result, Failure: Error>(
            _ body: (inout Value) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }
    }
#else
    import Synchronization

    /// A value behind a lock, for state shared between threads: the standard library's `Mutex` on Linux; a lock-backed
    /// box with the same `withLock` on Apple platforms, where `Mutex` needs macOS 15 and iOS 18 and the package supports
    /// macOS 14 and iOS 17 (for FeedKit's apps).
    public typealias Locked<Value: ~Copyable> = Mutex<Value>
#endif
