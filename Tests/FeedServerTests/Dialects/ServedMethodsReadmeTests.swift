import Foundation
import TestSupport
import Testing

@testable import FeedServer

/// The README lists what each dialect serves between `<!-- served:NAME -->` markers, written from the same
/// sources the server answers from: Flickr's method table (which also answers flickr.reflection.getMethods) and
/// the routes the other dialects register. When a list is out of date the test fails with the text to paste
/// (or, with `IMAGEFEED_WRITE_README=1`, writes it).
@Suite("Served methods in the README")
struct ServedMethodsReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    static func flickrBlock() -> String {
        FlickrController.methods.map { method in
            let access =
                switch method.permission {
                case nil: ""
                case .read?: " Signed in."
                case .write?: " Signed in, `perms=write`."
                case .delete?: " Signed in, `perms=delete`."
                }
            return "- `\(method.name)`: \(method.summary)\(access)"
        }.joined(separator: "\n")
    }

    /// `- \`/path\`: GET, POST` for every path of `groups`, in the order registered.
    static func routeBlock(_ routes: RouteTable, groups: Set<RouteGroupKind>) -> String {
        var order: [String] = []
        var methods: [String: [String]] = [:]
        for entry in routes.entries where groups.contains(entry.group) {
            if methods[entry.path] == nil { order.append(entry.path) }
            let method = entry.method.rawValue
            if methods[entry.path]?.contains(method) != true { methods[entry.path, default: []].append(method) }
        }
        return order.map { "- `\($0)`: \(methods[$0]!.joined(separator: ", "))" }.joined(separator: "\n")
    }

    /// The README with each block replaced by what the server serves.
    static func expectedReadme(_ text: String, blocks: [String: String]) throws -> String {
        var text = text
        for (name, block) in blocks {
            guard let open = text.range(of: "<!-- served:\(name) "),
                let openEnd = text.range(of: "-->\n", range: open.upperBound..<text.endIndex),
                let close = text.range(of: "<!-- /served:\(name) -->", range: openEnd.upperBound..<text.endIndex)
            else { throw DocumentedShapeError("README.md has no served:\(name) block") }
            text.replaceSubrange(openEnd.upperBound..<close.lowerBound, with: block + "\n")
        }
        return text
    }

    @Test func the_readme_lists_exactly_what_each_dialect_serves() async throws {
        try await withTestServer { server in
            // setup
            let blocks = [
                "flickr": Self.flickrBlock(),
                "pixabay": Self.routeBlock(server.routes, groups: [.pixabay]),
                "jsonplaceholder": Self.routeBlock(server.routes, groups: [.jsonPlaceholder]),
                "unsplash": Self.routeBlock(server.routes, groups: [.api, .apiCachedReads, .apiCountedReads, .oauth]),
            ]

            // act
            let readme = try String(contentsOf: Self.readme, encoding: .utf8)
            let expected = try Self.expectedReadme(readme, blocks: blocks)

            // assert
            if readme != expected, ProcessInfo.processInfo.environment["IMAGEFEED_WRITE_README"] == "1" {
                try expected.write(to: Self.readme, atomically: true, encoding: .utf8)
            }
            #expect(
                readme == expected,
                "README.md's served lists are out of date; they should read:\n\(blocks.sorted { $0.key < $1.key }.map { "\($0.key):\n\($0.value)" }.joined(separator: "\n\n"))"
            )
            #expect(blocks["flickr"]?.contains("`flickr.reflection.getMethods`") == true)
            #expect(blocks["pixabay"]?.contains("`/api`") == true)
        }
    }
}
