import Foundation

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
                candidates.append(
                    candidate(root, folders: [], album: root.deletingLastPathComponent().lastPathComponent))
                continue
            }
            guard
                let enumerator = manager.enumerator(
                    at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                    options: [.skipsHiddenFiles, .skipsPackageDescendants]
                )
            else { continue }
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
