import Foundation

/// One file to import, with what its place in the folder tree says about it.
struct ImportCandidate: Sendable {
    var path: String
    var fileName: String
    var size: Int
    /// Folder names between the root given on the command line and the file, lowercased.
    var folderTags: [String]
    /// The album a file goes to with `--collection-per-folder`: its folder's name.
    var album: String?
}

/// Lists the files under the paths given to `import`, in a stable order, skipping hidden files and folders.
enum ImportWalker {
    static func list(_ paths: [String]) throws -> [ImportCandidate] {
        var candidates: [ImportCandidate] = []
        let manager = FileManager.default
        for path in paths {
            let root = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
                throw ImportError.missingPath(path)
            }
            if !isDirectory.boolValue {
                candidates.append(candidate(root, folders: [], album: root.deletingLastPathComponent().lastPathComponent))
                continue
            }
            guard let enumerator = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                options: [.skipsHiddenFiles, .skipsPackageDescendants]
            ) else { continue }
            var found: [ImportCandidate] = []
            for case let url as URL in enumerator {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = url.standardizedFileURL.pathComponents.dropFirst(root.pathComponents.count)
                let folders = Array(relative.dropLast())
                found.append(candidate(url, folders: folders, album: folders.last ?? root.lastPathComponent))
            }
            candidates += found.sorted { $0.path < $1.path }
        }
        return candidates
    }

    static func candidate(_ url: URL, folders: [String], album: String) -> ImportCandidate {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        return ImportCandidate(
            path: url.path, fileName: url.lastPathComponent, size: size,
            folderTags: folders.map { $0.lowercased() }, album: ImportNaming.title(fromFileName: album)
        )
    }
}

/// Why an import could not start.
public enum ImportError: Error, CustomStringConvertible {
    case missingPath(String)

    public var description: String {
        switch self {
        case .missingPath(let path): "\(path) does not exist."
        }
    }
}

/// Human titles from file and folder names: `YellowFlower.jpg` → "Yellow flower", `sea_view-2` → "Sea view 2".
public enum ImportNaming {
    public static func title(fromFileName name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in stem {
            let isSeparator = character == "_" || character == "-" || character == " " || character == "."
            let startsWord = character.isUppercase && (previous?.isLowercase ?? false)
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

/// Recognises image files by their first bytes, so a `.jpg` that is really text is skipped, and a photo without
/// an extension is not.
public enum ImageSniffer {
    public static func looksLikeImage(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(16))
        guard head.count >= 12 else { return false }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }  // JPEG
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return true }  // PNG
        if head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return true }
        if Array(head[4..<8]) == Array("ftyp".utf8) { return true }  // HEIF / AVIF
        return false
    }
}
