// swift-tools-version:6.2
import PackageDescription

/// PostgreSQL support is a trait so that the default (SQLite) build stays small and fast to compile.
let postgres = "PostgreSQL"

let package = Package(
    name: "ImageFeed",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "imagefeed", targets: ["imagefeed"]),
        .library(name: "FeedModels", targets: ["FeedModels"]),
    ],
    traits: [
        .trait(name: postgres, description: "Build the PostgreSQL store backend (postgres-kit)."),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
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
        .target(
            name: "Imaging",
            dependencies: ["CVips"]
        ),
        .target(name: "FeedModels"),
        .target(
            name: "FeedStore",
            dependencies: [
                "FeedModels",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit", condition: .when(traits: [postgres])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "FeedServer",
            dependencies: [
                "FeedModels", "FeedStore", "Imaging", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "imagefeed",
            dependencies: [
                "FeedServer", "FeedStore", "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "Imaging", "FeedStore", "FeedModels", "FeedServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        .testTarget(name: "FeedModelsTests", dependencies: ["FeedModels"]),
        .testTarget(name: "FeedStoreTests", dependencies: ["FeedStore", "TestSupport"]),
        .testTarget(
            name: "FeedServerTests",
            dependencies: [
                "FeedServer", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
