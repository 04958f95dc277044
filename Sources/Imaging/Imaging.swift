internal import CVips
import Locking

/// Probes and renders images with libvips.
///
/// Every method is synchronous and blocking: run it on a thread pool, never on an event loop.
/// Values are `Sendable` and every method may be called from many threads at once.
public struct Imaging: Sendable {
    /// The limits applied to every input.
    public var limits: ImagingLimits

    /// Creates an imaging value; libvips is started on first use if ``start(concurrency:)`` was not called.
    public init(limits: ImagingLimits = .init()) {
        self.limits = limits
    }

    private static let started = Locked(false)

    /// Starts libvips once per process: blocks untrusted loaders and turns the operation cache off — every import
    /// and every rendition reads another file (renditions are cached on disk, not as libvips operations), so the
    /// cache only held memory.
    ///
    /// Safe to call more than once; a later call only changes the concurrency when one is given.
    /// - Parameter concurrency: threads libvips uses per pipeline; `nil` keeps its default
    ///   (`VIPS_CONCURRENCY` or the number of cores).
    public static func start(concurrency: Int? = nil) throws(ImagingError) {
        try started.withLock { (isStarted: inout Bool) throws(ImagingError) in
            if !isStarted {
                guard cvips_init("imagefeed") == 0 else {
                    throw .failed(in: "vips_init")
                }
                vips_block_untrusted_set(1)
                cvips_limit_malloc_arenas(2)
                vips_cache_set_max(0)
                isStarted = true
            }
            if let concurrency {
                vips_concurrency_set(Int32(clamping: Swift.max(1, concurrency)))
            }
        }
    }
}
