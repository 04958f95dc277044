extension Duration {
    /// The duration in seconds, fractions included: for `Date` arithmetic and rates.
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
