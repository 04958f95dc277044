import FeedLibrary

extension PageText {
    /// The catalogue keys of the refusals the account and settings pages show, by the API's English words for them
    /// (which the JSON answers of the same routes keep). Each is read from the rule that says it, so a reworded rule
    /// still finds its translation; the tests check every rule has one.
    static let problemKeys: [String: String] = {
        var keys = [
            AccountRules.emailTaken: "signUp.emailTaken",
            AccountRules.usernameTaken: "signUp.usernameTaken",
            AccountRules.wrongCredentials: "page.problem.wrongCredentials",
            AccountController.disabled: "page.problem.disabled",
        ]
        let rules: [(String?, String)] = [
            (AccountRules.username(""), "page.problem.username"),
            (AccountRules.email(""), "page.problem.email"),
            (AccountRules.password(""), "page.problem.password"),
            (AccountRules.password(String(repeating: "long-1!", count: 12)), "page.problem.passwordLong"),
            (AccountRules.name("", field: "First name"), "page.problem.firstNameBlank"),
            (AccountRules.name("", field: "Last name"), "page.problem.lastNameBlank"),
            (AccountRules.name(String(repeating: "n", count: 61), field: "First name"), "page.problem.firstNameLong"),
            (AccountRules.name(String(repeating: "n", count: 61), field: "Last name"), "page.problem.lastNameLong"),
        ]
        for case (let message?, let key) in rules { keys[message] = key }
        // The app registration's own: a name out of bounds, no redirect URI (the rule gives both for nothing).
        let registration = AppRegistration.problems(name: "", redirectURIs: [])
        if registration.count == 2 {
            keys[registration[0]] = "page.problem.appName"
            keys[registration[1]] = "page.problem.redirectRequired"
        }
        return keys
    }()

    /// The suffix of the registration's refusal of a redirect URI, after the URI it names.
    static let invalidRedirectSuffix: String = {
        let marker = "\u{1}"
        let message = AppRegistration.problems(name: "app", redirectURIs: [marker]).first ?? ""
        return message.hasPrefix(marker) ? String(message.dropFirst(marker.count)) : message
    }()

    /// `message`, a refusal in the API's English, in this language when the catalogue has it (else as it is).
    func problem(_ message: String) -> String {
        if let key = Self.problemKeys[message] { return self(key) }
        if !Self.invalidRedirectSuffix.isEmpty, message.hasSuffix(Self.invalidRedirectSuffix) {
            let uri = String(message.dropLast(Self.invalidRedirectSuffix.count))
            return self("page.problem.redirectInvalid", ["uri": uri])
        }
        return message
    }
}
