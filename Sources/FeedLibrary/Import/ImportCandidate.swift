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
