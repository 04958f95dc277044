import Testing

/// A wait that did not end within its bound.
public struct WaitExceededBound: Error, CustomStringConvertible {
    /// What was awaited.
    public let what: String
    /// The bound.
    public let limit: Duration

    public var description: String { "\(what): still waiting after \(limit)" }
}

/// Awaits `body`, failing the test (with `what`) when it has not finished within `limit` of real time.
///
/// A bound, not a timing assertion: it is far above anything a slow machine needs and only turns a wait for an
/// event that never comes (a lost notification, a stream that never ends) into a failure that names it, instead of
/// a run that hangs. `body` must end when its task is cancelled (an `AsyncStream`'s iteration does).
public func bounded<Value: Sendable>(
    _ what: String, limit: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    // Two unstructured tasks race into a mailbox, so that the wait ends at the bound even when `body` does not
    // end on cancellation (a task group would wait for it).
    let (outcomes, mailbox) = AsyncStream.makeStream(of: Result<Value, any Error>?.self)
    let work = Task {
        do {
            mailbox.yield(.success(try await body()))
        } catch {
            mailbox.yield(.failure(error))
        }
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        mailbox.yield(nil)
    }
    var iterator = outcomes.makeAsyncIterator()
    let first = await iterator.next()
    work.cancel()
    timer.cancel()
    mailbox.finish()
    switch first {
    case .some(.some(let result)):
        return try result.get()
    case .some(.none):
        let error = WaitExceededBound(what: what, limit: limit)
        Issue.record(error, sourceLocation: sourceLocation)
        throw error
    case .none:
        throw CancellationError()
    }
}

/// Waits until `condition` holds, yielding between looks, failing the test (with `what`) when it still does not
/// after `limit` of real time: a bound against a hang, as ``bounded(_:limit:sourceLocation:_:)``. Ends at once,
/// throwing `CancellationError`, when its task is cancelled (a `bounded` around it ran out, or the test ended).
public func waitUntil(
    _ what: String, limit: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while try await !condition() {
        if clock.now >= deadline {
            let error = WaitExceededBound(what: what, limit: limit)
            Issue.record(error, sourceLocation: sourceLocation)
            throw error
        }
        try Task.checkCancellation()
        await Task.yield()
    }
}
