extension FlickrTree {
    /// A successful answer holding this tree's members (the children of `<rsp>`), as Flickr's XML
    /// (`format=rest`): `<rsp stat="ok">` around them, each child element on its own line.
    public func answerXML() -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"ok\">\n"
        for member in members { Self.writeXML(member, to: &xml, depth: 0) }
        xml += "</rsp>\n"
        return Array(xml.utf8)
    }

    /// Writes `member` as the element (or, for a list, the elements) it names.
    static func writeXML(_ member: Member, to xml: inout String, depth: Int) {
        switch member.value {
        case .list(let items):
            for item in items { writeXML(Member(member.name, item), to: &xml, depth: depth) }
        case .text, .integer, .decimal:
            // A scalar where an element belongs (an item of a list of words): its text.
            writeXML(Member(member.name, .element([Member(contentKey, member.value)])), to: &xml, depth: depth)
        case .element(let members):
            let indent = String(repeating: "\t", count: depth)
            xml += indent + "<" + member.name
            var content: String?
            var children: [Member] = []
            for child in members {
                if child.name == contentKey {
                    content = child.value.scalarText
                } else if let text = child.value.scalarText {
                    xml += " " + child.name + "=\"" + escape(text) + "\""
                } else {
                    children.append(child)
                }
            }
            // An element whose every list is empty has no children to write: `<notes />`, as Flickr writes it.
            let hasChildren = children.contains { child in
                if case .list(let items) = child.value { return !items.isEmpty }
                return true
            }
            guard hasChildren || !(content ?? "").isEmpty else {
                xml += " />\n"
                return
            }
            xml += ">"
            if let content { xml += escape(content) }
            if hasChildren {
                xml += "\n"
                for child in children { writeXML(child, to: &xml, depth: depth + 1) }
                xml += indent
            }
            xml += "</" + member.name + ">\n"
        }
    }

    /// Text as XML 1.0 can carry it, in attributes and in elements alike: the five markup characters escaped,
    /// the control characters XML cannot hold dropped, and line breaks as references so attributes keep them.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#039;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default:
                // XML 1.0 has no way to write the other C0 controls, nor the two non-characters U+FFFE/U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
