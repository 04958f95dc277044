import Foundation

/// A child key, checked against Firebase's rules: non-empty, at most 768 UTF-8 bytes, none of `.` `$` `#` `[` `]`
/// `/` nor the ASCII control characters 0–31 and 127.
///
/// Mirrors `isValidKey` and `INVALID_KEY_REGEX_` in firebase-js-sdk `packages/database/src/core/util/validation.ts`.
public enum DatabaseKey {
    /// Why `key` is not a valid key, or nil when it is.
    public static func problem(with key: String) -> String? {
        if key.isEmpty { return "a key can't be empty" }
        if key.utf8.count > DatabaseLimits.maximumKeyBytes {
            return "the key is \(key.utf8.count) bytes long; keys are at most \(DatabaseLimits.maximumKeyBytes) bytes"
        }
        for scalar in key.unicodeScalars {
            switch scalar {
            case ".", "$", "#", "[", "]", "/":
                return "keys can't contain \".\", \"$\", \"#\", \"[\", \"]\" or \"/\" (found \"\(scalar)\")"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                return "keys can't contain ASCII control characters (found U+"
                    + String(format: "%04X", scalar.value) + ")"
            default: continue
            }
        }
        return nil
    }

    /// True when `key` may name a child.
    public static func isValid(_ key: String) -> Bool { problem(with: key) == nil }
}
