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

    /// The duration in `flag`, else in `name` (`90s`, `30m`, `1h`; `none`, `off` or `0` for none), else `fallback`;
    /// a malformed one is a problem.
    mutating func duration(_ name: String, flag: String? = nil, default fallback: Duration?) -> Duration? {
        guard let raw = flag ?? environment[name], !raw.isEmpty else { return fallback }
        if ["none", "off", "0"].contains(raw.lowercased()) { return nil }
        guard let duration = DurationText.parse(raw) else {
            problems.append("\(name) must be a duration such as 30s, 5m or 1h, or \"none\"; got \"\(raw)\".")
            return fallback
        }
        return duration
    }

    /// The positive whole number in `flag`, else in `name` (`none` or `off` for no limit), else `fallback`; a
    /// malformed one is a problem.
    mutating func limit(_ name: String, flag: String? = nil, default fallback: Int?) -> Int? {
        guard let raw = flag ?? environment[name], !raw.isEmpty else { return fallback }
        if ["none", "off", "unlimited"].contains(raw.lowercased()) { return nil }
        guard let value = Int(raw), value > 0 else {
            problems.append("\(name) must be a positive whole number, or \"none\"; got \"\(raw)\".")
            return fallback
        }
        return value
    }

    /// The size in `flag`, else in `name` (`64MB`, `2GB`, a number of bytes); nil when neither is set, or when the
    /// one set is malformed or zero (a problem then, naming it as `what`, with `example` of a good one).
    mutating func size(_ name: String, flag: String? = nil, what: String, example: String) -> Int? {
        guard let raw = flag ?? environment[name], !raw.isEmpty else { return nil }
        guard let bytes = ByteCount.parse(raw), bytes > 0 else {
            problems.append("\(what) must be a size such as \(example); got \"\(raw)\".")
            return nil
        }
        return bytes
    }

    /// The comma-separated list in `name`, trimmed, without empty entries.
    func list(_ name: String) -> [String] {
        (environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
