extension FlickrTree {
    /// A successful answer holding this tree's members (the children of `<rsp>`), as Flickr's JSON:
    /// `{"photos":{…},"stat":"ok"}`.
    public func answerJSON() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2048)
        var members = self.members
        members.append(Member("stat", .text("ok")))
        Self.element(members).writeJSON(to: &bytes)
        return bytes
    }

    /// The JSON text of this tree, UTF-8.
    public var json: [UInt8] {
        var bytes: [UInt8] = []
        writeJSON(to: &bytes)
        return bytes
    }

    func writeJSON(to bytes: inout [UInt8]) {
        switch self {
        case .text(let text): bytes.append(contentsOf: JSONWriter.quoted(text))
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .decimal(let number): bytes.append(contentsOf: Self.decimalText(number).utf8)
        case .list(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.writeJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .element(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: JSONWriter.quoted(member.name))
                bytes.append(UInt8(ascii: ":"))
                member.value.writeJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
