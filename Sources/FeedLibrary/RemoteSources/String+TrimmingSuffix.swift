/// Text without a trailing `suffix`, when it has one (a root URL without its final slash).
extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
