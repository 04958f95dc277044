/// Flickr writes the same member as a string in one answer and a number in another (`total`, `height_*`,
/// `latitude`, reference §0.4); what reads its answers takes either.
extension KeyedDecodingContainer {
    /// The member as text, from a string or a number; nil when absent or null.
    public func decodeFlickrStringIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int.self, forKey: key) { return String(number) }
        return FlickrTree.decimalText(try decode(Double.self, forKey: key))
    }

    /// The member as text, from a string or a number.
    public func decodeFlickrString(forKey key: Key) throws -> String {
        guard let text = try decodeFlickrStringIfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "\(key.stringValue) is missing"))
        }
        return text
    }

    /// The member as a whole number, from a number or a string of digits (`"1080"`, `"16"`, `1.0`); nil when absent
    /// or not a number.
    public func decodeFlickrIntIfPresent(forKey key: Key) throws -> Int? {
        guard let text = try decodeFlickrStringIfPresent(forKey: key) else { return nil }
        return Int(text) ?? Double(text).flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil }
    }
}
