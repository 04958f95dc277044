import ArgumentParser
import FeedLibrary
import Foundation

/// The `IMAGEFEED_*` variables of an environment, read as numbers and switches, with every malformed one kept as a
/// problem so that start-up can list them all at once.
struct EnvironmentReader {
    let environment: [String: String]
    var problems: [String] = []

    /// The whole number in `name`; nil when it is unset or empty, or malformed (a problem then).
    mutating func integer(_ name: String) -> Int? {
        guard let raw = environment[name], !raw.isEmpty else { return nil }
        guard let value = Int(raw) else {
            problems.append("\(name) must be a whole number; got \"\(raw)\".")
            return nil
        }
        return value
    }

    /// The switch in `name`: off for `0`, `false`, `off` and `no`, on otherwise; nil when unset or empty.
    func flag(_ name: String) -> Bool? {
        guard let raw = environment[name], !raw.isEmpty else { return nil }
        return !["0", "false", "off", "no"].contains(raw.lowercased())
    }

    /// The comma-separated list in `name`, trimmed, without empty entries.
    func list(_ name: String) -> [String] {
        (environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
