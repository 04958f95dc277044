/// Bounds the renders running at once and those waiting for a turn, so a burst of uncached renditions queues briefly
/// and then is refused (``LibraryError/busyRendering(retryAfter:)``, which HTTP answers with a 503 and `Retry-After`)
/// instead of taking every core and all the memory.
///
/// Renders run on their own thread pool (see ``RenditionService``): sign-ins (bcrypt) and uploads keep theirs.
public actor RenderAdmission {
    /// Renders at once: one per rendition thread.
    public let slots: Int
    /// Requests allowed to wait for a slot; the next one is refused.
    public let maxWaiting: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// How long a refused client is asked to wait, in seconds.
    public static let retryAfter = 2

    public init(slots: Int, maxWaiting: Int) {
        self.slots = max(1, slots)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// The error a refused render is thrown as.
    static var busy: LibraryError { .busyRendering(retryAfter: retryAfter) }

    /// Takes a slot, waiting for one when all are taken; throws ``busy`` when too many already wait.
    public func acquire() async throws(LibraryError) {
        if running < slots {
            running += 1
            return
        }
        guard waiting.count < maxWaiting else { throw Self.busy }
        // The slot passes straight from the releasing render to this one: `running` does not change.
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back, to the longest-waiting render if any.
    public func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Renders running and waiting now.
    public var load: (running: Int, waiting: Int) { (running, waiting.count) }
}
