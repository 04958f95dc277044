// swift-tools-version:6.2
import PackageDescription

/// PostgreSQL support is a trait so that the default (SQLite) build stays small and fast to compile.
let postgres = "PostgreSQL"

let package = Package(
    name: "ImageFeed",
    // FeedKit's apps set these floors; the server and the CLI build on Linux (and on macOS 14 and later).
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "imagefeed", targets: ["imagefeed"]),
        .library(name: "FeedModels", targets: ["FeedModels"]),
        /// The client library of native apps: the API, paging, likes, sign-in and images, over `FeedModels` only.
        .library(name: "FeedKit", targets: ["FeedKit"]),
    ],
    traits: [
        .trait(name: postgres, description: "Build the PostgreSQL store backend (postgres-kit).")
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // 4.x for jwt-kit; FeedKit needs only `Crypto`, which is the same API in 3 and 4.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "Locking"),
        .target(
            name: "Imaging",
            dependencies: ["CVips", "Locking"]
        ),
        .target(name: "FeedModels"),
        // Where the library's files live: the local data folder or S3-compatible storage (SigV4 signed here: no AWS
        // SDK is available).
        .target(
            name: "Storage",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                "Locking",
            ]
        ),
        // Only FeedModels and swift-crypto (SHA-256 for PKCE and cache keys; CryptoKit on Apple platforms): nothing of
        // the server. `scripts/check-feedkit.sh` builds it alone and fails if anything else is compiled.
        .target(
            name: "FeedKit",
            dependencies: [
                "FeedModels",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Firebase's data and rules semantics without I/O (issues 29–31): the JSON tree, queries, node hashes, push ids,
        // and the Realtime Database and Storage rules languages. Only Foundation and swift-crypto (SHA-1 node hashes).
        .target(
            name: "Firebase",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "FeedStore",
            dependencies: [
                // Firebase: the Realtime Database's tree, paths and sort keys, which its tables are laid out by.
                "FeedModels", "Locking", "Firebase",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit", condition: .when(traits: [postgres])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the library does, for the server and the CLI alike: import, remote sources, maintenance, the
        // library's files and renditions, accounts. Nothing of HTTP: `scripts/check-library.sh` builds it alone and
        // fails if a Hummingbird module (bcrypt aside), HTTPTypes or MultipartKit is compiled.
        .target(
            name: "FeedLibrary",
            dependencies: [
                // FeedKit reads Unsplash and other ImageFeed servers for remote sources.
                "FeedModels", "FeedStore", "Imaging", "Locking", "FeedKit", "Storage",
                // Firebase's Storage rules, for Firebase Storage.
                "Firebase",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Firebase ID tokens (RS256 JWTs and their JWKS), with keys made by CryptoExtras.
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                // bcrypt alone (its C implementation and a Swift wrapper): no part of Hummingbird's HTTP stack.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "FeedServer",
            dependencies: [
                "FeedLibrary", "FeedModels", "FeedStore", "Imaging", "CZlib", "Locking", "FeedKit", "Storage",
                "Firebase",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The Realtime Database's WebSocket protocol (issue 31), upgraded from HTTP/1.1 at `/.ws`.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The languages' catalogues (links to Web/i18n/*.json), so that the pages speak them with no web app
            // folder too (a language added to Web/i18n alone is spoken when the server serves that folder).
            resources: [
                .embedInCode("Languages/en.json"), .embedInCode("Languages/ru.json"),
                .embedInCode("Languages/ko.json"), .embedInCode("Languages/ar.json"),
            ]
        ),
        .executableTarget(
            name: "imagefeed",
            dependencies: [
                "FeedServer", "FeedLibrary", "FeedStore", "FeedModels", "Imaging", "Locking", "Storage", "Firebase",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What tests of the library use without a server: fixture photos, test databases and buckets, the imported
        // fixture library. No FeedServer and no Hummingbird, so the library's tests build no HTTP server.
        .target(
            name: "LibraryTestSupport",
            dependencies: [
                "Imaging", "FeedStore", "FeedModels", "FeedLibrary", "Locking", "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/LibraryTestSupport"
        ),
        // The one test server harness, over LibraryTestSupport (which it re-exports).
        .target(
            name: "TestSupport",
            dependencies: [
                "LibraryTestSupport", "Imaging", "FeedStore", "FeedModels", "FeedLibrary", "FeedServer", "Locking",
                "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The WebSocket client the Realtime Database protocol's tests speak through.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        .testTarget(name: "FeedModelsTests", dependencies: ["FeedModels"]),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "FirebaseTests", dependencies: ["Firebase"]),
        .testTarget(
            name: "FeedStoreTests", dependencies: ["FeedStore", "FeedModels", "TestSupport", "Locking", "Firebase"]),
        // The library called as the CLI and the server call it: no FeedServer, no HTTP server.
        .testTarget(
            name: "FeedLibraryTests",
            dependencies: [
                "FeedLibrary", "LibraryTestSupport", "Locking", "FeedKit", "FeedModels", "FeedStore", "Imaging",
                "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // FeedKit against the real server, started in-process on a free port and reached over HTTP.
        .testTarget(
            name: "FeedKitTests",
            dependencies: [
                "FeedKit", "TestSupport", "FeedServer", "FeedStore", "Imaging",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FeedServerTests",
            dependencies: [
                "FeedServer", "FeedLibrary", "TestSupport", "Locking", "FeedKit", "FeedModels", "FeedStore", "Imaging",
                "Storage", "Firebase",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // Drives ConnectionGuard's timers on a loop whose clock the test moves.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // Checks Firebase ID tokens' signatures against the published keys, independently of JWTKit.
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
