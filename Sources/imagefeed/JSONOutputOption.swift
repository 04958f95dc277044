import ArgumentParser
import FeedStore
import Foundation

/// `--json`: what a command made or found, as one JSON document on standard output, for scripts (the e2e harness,
/// the benchmarks, deployment tooling) that would otherwise parse the sentences written for people.
struct JSONOutputOption: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print the result as JSON (snake_case keys) instead of sentences.")
    var isEnabled = false
}
