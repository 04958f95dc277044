import FeedModels
import FeedStore
import Foundation

/// How Firebase's view of an account maps onto the library's: the display name is the first and last name, and
/// Firebase, which has no usernames, gets one made from the email.
public enum FirebaseAccountRules {
    /// A display name as first and last name: the first word, and the rest.
    public static func split(displayName: String) -> (first: String, last: String) {
        let words = displayName.split(whereSeparator: \.isWhitespace)
        guard let first = words.first else { return ("", "") }
        return (String(first), words.dropFirst().joined(separator: " "))
    }

    /// The display name of an account: its first and last name, or nil when it has neither.
    public static func displayName(of user: UserRecord) -> String? {
        user.fullName.isEmpty ? nil : user.fullName
    }

    /// The `attempt`th username to try for an account with this email: the email's local part made into a valid
    /// username, then numbered, then with random digits (another sign-up may take a number at the same moment).
    public static func username(forEmail email: String?, attempt: Int) -> String {
        var base = String((email ?? "").split(separator: "@").first ?? "")
            .unicodeScalars.map {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") ? Character($0) : "_"
            }
            .reduce(into: "") { result, character in
                if character == "_", result.last == "_" { return }
                result.append(character)
            }
            .trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        if base.count < 3 { base = base.isEmpty ? "user" : base + "_user" }
        base = String(base.prefix(24))
        switch attempt {
        case 0: return base
        case 1..<10: return base + String(attempt + 1)
        default: return base + "_" + String(Int.random(in: 10_000...99_999))
        }
    }

    /// The rules' refusal of a name part, as Identity Toolkit words it.
    public static func checkDisplayName(_ displayName: String) throws(FirebaseAuthError) -> (
        first: String, last: String
    ) {
        let (first, last) = split(displayName: displayName)
        for (part, field) in [(first, "First name"), (last, "Last name")] where part.count > 60 {
            throw FirebaseAuthError("INVALID_DISPLAY_NAME", detail: "\(field) must be at most 60 characters.")
        }
        return (first, last)
    }

    public static func checkEmail(_ email: String?) throws(FirebaseAuthError) -> String {
        guard let email = email?.trimmingCharacters(in: .whitespaces), !email.isEmpty else { throw .missingEmail }
        guard AccountRules.email(email) == nil else { throw .invalidEmail }
        return email.lowercased()
    }

    public static func checkPassword(_ password: String?) throws(FirebaseAuthError) -> String {
        guard let password, !password.isEmpty else { throw .missingPassword }
        if let problem = AccountRules.password(password) { throw .weakPassword(problem) }
        return password
    }

    public static func checkPhotoURL(_ url: String) throws(FirebaseAuthError) -> String {
        guard url.count <= 2048, AccountRules.isWebAddress(url) else {
            throw FirebaseAuthError("INVALID_PHOTO_URL", detail: "The photo URL must be an absolute http(s) URL.")
        }
        return url
    }
}
