import ArgumentParser

/// Options every subcommand that touches the library shares.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "Data directory for originals, renditions and the SQLite database (IMAGEFEED_DATA).")
    var data: String?

    @Option(name: .long, help: "Database URL: postgres://user:pass@host/db or sqlite:///path (IMAGEFEED_DATABASE_URL).")
    var database: String?

    @Option(
        name: .long,
        help:
            "Keep the library's files in an S3-compatible bucket: s3://bucket/prefix?endpoint=https://host&region=eu-west-1&style=path (IMAGEFEED_STORAGE; credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). The data directory then only caches."
    )
    var storage: String?

    @Option(name: .long, help: "Largest accepted image in megapixels (IMAGEFEED_MAX_MEGAPIXELS; default 100).")
    var maxMegapixels: Int?

    @Option(name: .long, help: "Largest accepted image file in megabytes (IMAGEFEED_MAX_MEGABYTES; default 200).")
    var maxMegabytes: Int?
}
