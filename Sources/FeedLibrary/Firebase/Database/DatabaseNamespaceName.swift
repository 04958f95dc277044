/// The names a Realtime Database namespace may have: what Firebase database names are made of (the first label of
/// `<name>.firebaseio.com`: letters, digits and hyphens), and underscores, at most 63 characters. `*` names the
/// server's own rules and is no namespace.
public enum DatabaseNamespaceName {
    /// The reserved name under which the server's rules are kept.
    public static let serverRules = "*"

    /// Why `name` is not a namespace name, or nil when it is.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "A namespace name can't be empty." }
        if name.utf8.count > 63 { return "A namespace name is at most 63 characters." }
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        if !allowed { return "A namespace name is made of letters, digits, hyphens and underscores." }
        return nil
    }
}
