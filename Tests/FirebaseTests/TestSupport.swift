@testable import Firebase

/// SplitMix64: a seeded generator, so property tests draw the same values on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A node from JSON text written in a test (no server values).
func node(_ json: String) throws -> DatabaseNode {
    try DatabaseNode(json: Array(json.utf8))
}

/// The compact JSON of a node, priorities included when asked.
func text(_ node: DatabaseNode, format: DatabaseJSONFormat = .values) -> String {
    node.jsonString(format: format)
}

/// The error a throwing call throws, or nil.
func caught<E: Error>(_ body: () throws(E) -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

func path(_ string: String) -> DatabasePath {
    // Test paths are written valid; a bad one fails the test at its use.
    (try? DatabasePath(string, allowingPriority: true)) ?? DatabasePath(trusted: ["<invalid test path>"])
}
