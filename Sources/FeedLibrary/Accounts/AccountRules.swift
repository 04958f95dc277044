import FeedModels
import FeedStore
import Foundation

/// The rules for account fields, each with the message a person sees when it is broken.
public enum AccountRules {
    public static func username(_ value: String) -> String? {
        let valid =
            (3...30).contains(value.count)
            && value.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
        return valid ? nil : "Username must be 3 to 30 letters, digits or underscores."
    }

    public static func email(_ value: String) -> String? {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        let valid =
            parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !value.contains(" ") && value.count <= 254
        return valid ? nil : "Email is not a valid address."
    }

    public static func password(_ value: String) -> String? {
        let longEnough = value.count >= 8
        let hasDigit = value.contains { $0.isNumber }
        let hasSpecial = value.contains { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }
        guard longEnough, hasDigit, hasSpecial, value.count <= 72 else {
            return value.count > 72
                ? "Password must be at most 72 characters."
                : "Password must be at least 8 characters and contain a digit and a special character."
        }
        return nil
    }

    public static func name(_ value: String, field: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "\(field) can't be blank." }
        if trimmed.count > 60 { return "\(field) must be at most 60 characters." }
        return nil
    }

    /// Every problem with a sign-up, in form order.
    public static func signUp(username: String, firstName: String, lastName: String, email: String, password: String)
        -> [String]
    {
        [
            Self.username(username), name(firstName, field: "First name"), name(lastName, field: "Last name"),
            Self.email(email), Self.password(password),
        ].compactMap { $0 }
    }

    /// Every problem with profile changes (`PUT /me`, a JSONPlaceholder user written with a token), in form order.
    /// Whether `text` is an absolute http(s) address with a host.
    public static func isWebAddress(_ text: String) -> Bool {
        (text.hasPrefix("http://") || text.hasPrefix("https://")) && URL(string: text)?.host != nil
    }

    public static func profile(_ changes: ProfileChanges) -> [String] {
        var problems = contact(changes.contact)
        if let username = changes.username, let problem = Self.username(username) { problems.append(problem) }
        if let firstName = changes.firstName, let problem = name(firstName, field: "First name") {
            problems.append(problem)
        }
        if let email = changes.email, let problem = Self.email(email) { problems.append(problem) }
        if let bio = changes.bio, bio.count > 250 { problems.append("Bio must be at most 250 characters.") }
        if let url = changes.portfolioURL, !url.isEmpty, !isWebAddress(url) {
            problems.append("url must be an http(s) address.")
        }
        if let device = changes.deviceID, !device.isEmpty, Device.named(device) == nil {
            problems.append("device must be an id from GET /devices; got \"\(device)\".")
        }
        return problems
    }

    /// Every problem with address and contact changes: each part at most 100 characters, coordinates in range.
    public static func contact(_ contact: ContactDetails) -> [String] {
        let named: [(String, String?)] = [
            ("address_street", contact.street), ("address_suite", contact.suite), ("address_city", contact.city),
            ("address_zipcode", contact.zipcode), ("address_lat", contact.latitude), ("address_lng", contact.longitude),
            ("phone", contact.phone), ("website", contact.website), ("company_name", contact.companyName),
            ("company_catch_phrase", contact.companyCatchPhrase), ("company_bs", contact.companyBS),
        ]
        var problems = named.compactMap { name, value in
            (value?.count ?? 0) > 100 ? "\(name) must be at most 100 characters." : nil
        }
        for (name, value, limit) in [
            ("address_lat", contact.latitude, 90.0), ("address_lng", contact.longitude, 180.0),
        ] {
            guard let value, !value.isEmpty else { continue }
            if let degrees = Double(value), degrees.isFinite, abs(degrees) <= limit { continue }
            problems.append(
                "\(name) must be a number of degrees from -\(Int(limit)) to \(Int(limit)); got \"\(value)\".")
        }
        return problems
    }

    /// What a person is told when the email of a new account or a profile is another account's.
    public static let emailTaken = "An account with this email already exists."
    /// What a person is told when the username of a new account or a profile is another account's.
    public static let usernameTaken = "This username is already taken."
    /// What a person is told when a sign-in's email or password is wrong (never which of the two).
    public static let wrongCredentials = "Incorrect email or password."
}
