import ArgumentParser
import FeedStore
import Foundation
import Locking

/// `imagefeed bench trace`: runs the store's use case behind each named request, records every statement it sends
/// to the database, and prints them with their times and plans as JSON. The benchmarks time "the database's part
/// of a request" with this, so what they time is always what the server runs.
struct BenchTraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print the statements the store runs for each request, timed, with their plans (JSON).",
        discussion: """
            Requests: feed (first page), deep (the last full page, reached with the cursor a client following Link \
            sends), photo (one in the middle of the library), search and search_latest (--query), image (the lookup \
            /img makes on a cache miss), like (a like and its answer, taken back untraced afterwards).
            """
    )

    enum Request: String, ExpressibleByArgument, CaseIterable {
        case feed, deep, photo, search
        case searchLatest = "search_latest"
        case image, like
    }

    @OptionGroup var library: LibraryOptions

    @Option(name: .long, help: "A request to trace (repeatable; default: all).")
    var request: [Request] = []

    @Option(name: .customLong("repeat"), help: "Timed runs of each request, after one untimed run.")
    var runs: Int = 20

    @Option(name: .long, help: "Photos per page.")
    var perPage: Int = 30

    @Option(name: .long, help: "The words the search requests look for.")
    var query: String = "beach"

    @Flag(name: .long, help: "Add each statement's plan (EXPLAIN QUERY PLAN, or EXPLAIN (ANALYZE, BUFFERS)).")
    var explain = false

    func run() async throws {
        let store = try await BenchCommand.openStore(library)
        let requests = request.isEmpty ? Request.allCases : request
        let subjects = try await Subjects.find(in: store, perPage: perPage, for: Set(requests))
        var report: [String: Any] = [
            "photos": subjects.count, "database": store.database.kind.rawValue,
            "database_version": try await store.database.softwareVersion(), "subjects": subjects.json,
        ]
        var traced: [String: Any] = [:]
        for request in requests {
            traced[request.rawValue] = try await trace(request, store: store, subjects: subjects)
        }
        report["requests"] = traced
        try await store.database.shutdown()
        let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// The photos and the person the requests are about; each found only when a request needs it.
    struct Subjects {
        var count: Int
        var middle = ""
        var deepPage = 1
        var deepCursor: FeedCursor?
        var liker = ""

        static func find(in store: LibraryStore, perPage: Int, for requests: Set<Request>) async throws -> Subjects {
            let count = try await store.photoCount()
            guard count > 0 else { throw ValidationError("The library is empty: run `imagefeed bench seed` first.") }
            var subjects = Subjects(count: count)
            if !requests.isDisjoint(with: [.photo, .image, .like]) {
                let middle = try await store.feed(order: .latest, page: PageRequest(number: count / 2 + 1, size: 1))
                subjects.middle = middle.items.first?.id ?? ""
            }
            if requests.contains(.deep) {
                // The last full page, and the cursor after the page before it (what `Link: rel="next"` carries).
                subjects.deepPage = max(1, count / perPage)
                let before =
                    subjects.deepPage > 1
                    ? try await store.feed(
                        order: .latest, page: PageRequest(number: subjects.deepPage - 1, size: perPage)
                    ).items.last
                    : nil
                subjects.deepCursor = before.map(FeedCursor.init(after:))
            }
            if requests.contains(.like) {
                subjects.liker = try await store.ensureUser(username: "bench-liker", firstName: "Bench").id
            }
            return subjects
        }

        var json: [String: Any] {
            var json: [String: Any] = ["deep_page": deepPage]
            if !middle.isEmpty { json["photo"] = middle }
            if let deepCursor { json["deep_cursor"] = deepCursor.text }
            return json
        }
    }

    func useCase(_ request: Request, _ store: LibraryStore, _ subjects: Subjects) -> @Sendable () async throws -> Void {
        let perPage = self.perPage
        let query = self.query
        switch request {
        case .feed:
            return { _ = try await store.feed(order: .latest, page: PageRequest(number: 1, size: perPage)) }
        case .deep:
            return {
                _ = try await store.feed(
                    order: .latest, page: PageRequest(number: subjects.deepPage, size: perPage),
                    cursor: subjects.deepCursor)
            }
        case .photo:
            return { _ = try await store.photo(idOrSlug: subjects.middle) }
        case .search:
            return {
                _ = try await store.searchPhotos(PhotoSearch(text: query), page: PageRequest(number: 1, size: perPage))
            }
        case .searchLatest:
            return {
                _ = try await store.searchPhotos(
                    PhotoSearch(text: query, order: .latest), page: PageRequest(number: 1, size: perPage))
            }
        case .image:
            return { _ = try await store.imageSource(idOrSlug: subjects.middle) }
        case .like:
            return { _ = try await store.like(photo: subjects.middle, by: subjects.liker) }
        }
    }

    func trace(_ request: Request, store: LibraryStore, subjects: Subjects) async throws -> [String: Any] {
        let run = useCase(request, store, subjects)
        let recorded = Locked<[StatementRecord]>([])
        store.database.observeStatements { record in recorded.withLock { $0.append(record) } }
        defer { store.database.observeStatements(nil) }
        var runs: [(statements: [StatementRecord], total: Duration)] = []
        for index in 0...max(1, self.runs) {
            recorded.withLock { $0.removeAll() }
            let started = ContinuousClock.now
            try await run()
            let total = ContinuousClock.now - started
            if request == .like {
                store.database.observeStatements(nil)
                _ = try await store.unlike(photo: subjects.middle, by: subjects.liker)
                store.database.observeStatements { record in recorded.withLock { $0.append(record) } }
            }
            if index > 0 { runs.append((recorded.withLock { $0 }, total)) }
        }
        store.database.observeStatements(nil)
        guard let first = runs.first else { return [:] }
        var statements: [[String: Any]] = []
        for (position, statement) in first.statements.enumerated() {
            let times = runs.compactMap { $0.statements.count > position ? $0.statements[position].duration : nil }
            var entry: [String: Any] = [
                "sql": statement.sql, "binds": statement.binds, "rows": statement.rows,
                "p50_ms": Self.milliseconds(Self.median(times)),
            ]
            if explain, let prefix = Self.explainPrefix(statement, store.database.kind) {
                do {
                    entry["plan"] = try await store.database.explain(statement, prefix: prefix)
                } catch {
                    entry["plan"] = "(no plan: \(String(reflecting: error)))"
                }
            }
            statements.append(entry)
        }
        let totals = runs.map(\.total).sorted()
        return [
            "statements": statements, "runs": runs.count,
            "total_ms": [
                "p50": Self.milliseconds(Self.median(totals)),
                "p95": Self.milliseconds(totals[min(totals.count - 1, Int(Double(totals.count) * 0.95))]),
                "min": Self.milliseconds(totals[0]),
            ],
        ]
    }

    static func explainPrefix(_ statement: StatementRecord, _ kind: DatabaseKind) -> String? {
        let verb = statement.sql.prefix(while: { !$0.isWhitespace }).uppercased()
        guard verb == "SELECT" || verb == "WITH" else { return nil }  // writes are not run twice, nor BEGIN/COMMIT
        return kind == .sqlite ? "EXPLAIN QUERY PLAN" : "EXPLAIN (ANALYZE, BUFFERS)"
    }

    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        (duration.milliseconds * 1000).rounded() / 1000
    }
}
