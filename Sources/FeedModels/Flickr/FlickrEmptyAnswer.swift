/// The answer of a method that has nothing to say but that it worked: `{"stat":"ok"}`, `<rsp stat="ok"></rsp>`.
public struct FlickrEmptyAnswer: Codable, Sendable, Hashable {
    public init() {}

    public func encode(to encoder: any Encoder) throws {}
}
