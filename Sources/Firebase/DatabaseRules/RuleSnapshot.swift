/// A snapshot a rule holds: which data (before or after the write) and where.
struct RuleSnapshot {
    let isNew: Bool
    let path: DatabasePath
}
