/// The next and previous key in Firebase key order, as the SDKs compute them to send `startAfter`/`endBefore`
/// over a wire that has only inclusive bounds.
///
/// Mirrors `successor` and `predecessor` in firebase-js-sdk `packages/database/src/core/util/NextPushId.ts`: for an
/// integer key the next integer (the largest integer's successor is the smallest non-integer key, `-`); for
/// other keys the next string over the push-id alphabet, bounded by the 786-character maximum key length the SDK
/// assumes. Exact only over keys made of push-id characters, as in the SDK.
extension DatabaseQuery {
    private static let maxKeyLength = 786
    private static let minPushCharacter: Character = "-"
    private static let maxPushCharacter: Character = "z"
    private static let pushCharacters = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")

    /// The smallest key after `key`.
    public static func successor(_ key: String) -> BoundKey {
        if key == String(Int32.max) { return .name(String(minPushCharacter)) }
        if let value = FirebaseKeyOrder.integerValue(of: key) { return .name(String(Int64(value) + 1)) }
        var characters = Array(key)
        if characters.count < maxKeyLength {
            characters.append(minPushCharacter)
            return .name(String(characters))
        }
        var index = characters.count - 1
        while index >= 0, characters[index] == maxPushCharacter { index -= 1 }
        if index == -1 { return .max }
        guard let position = pushCharacters.firstIndex(of: characters[index]), position + 1 < pushCharacters.count
        else { return .max }
        characters[index] = pushCharacters[position + 1]
        return .name(String(characters[...index]))
    }

    /// The largest key before `key`.
    public static func predecessor(_ key: String) -> BoundKey {
        if key == String(Int32.min) { return .min }
        if let value = FirebaseKeyOrder.integerValue(of: key) { return .name(String(Int64(value) - 1)) }
        var characters = Array(key)
        if characters.last == minPushCharacter {
            if characters.count == 1 { return .name(String(Int32.max)) }
            characters.removeLast()
            return .name(String(characters))
        }
        guard let last = characters.last, let position = pushCharacters.firstIndex(of: last), position > 0 else {
            return .name(String(characters.dropLast()))
        }
        characters[characters.count - 1] = pushCharacters[position - 1]
        characters += Array(repeating: maxPushCharacter, count: maxKeyLength - characters.count)
        return .name(String(characters))
    }
}
