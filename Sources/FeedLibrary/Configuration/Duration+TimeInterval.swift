extension Duration {
    /// The duration in seconds, fractions included: for `Date` arithmetic and rates.
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Duration {
    /// The duration in whole milliseconds, fractions dropped: for the Realtime Database's millisecond clock.
    public var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
