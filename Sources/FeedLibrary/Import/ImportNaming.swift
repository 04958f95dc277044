import Foundation

/// Human titles from file and folder names: `YellowFlower.jpg` → "Yellow flower", `sea_view-2` → "Sea view 2".
public enum ImportNaming {
    public static func title(fromFileName name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in stem {
            let isSeparator = character == "_" || character == "-" || character == " " || character == "."
            let startsWord =
                character.isUppercase && (previous?.isLowercase ?? false)
                || character.isNumber && (previous?.isLetter ?? false)
                || character.isLetter && (previous?.isNumber ?? false)
            if isSeparator || startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if !isSeparator { current.append(character) }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return stem }
        let rest = words.dropFirst().map { $0.count > 1 && $0 == $0.uppercased() ? $0 : $0.lowercased() }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + rest).joined(separator: " ")
    }
}
