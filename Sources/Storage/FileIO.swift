import Foundation
import NIOCore
import NIOPosix

/// `mkdir -p`: usually the folder exists and one call answers; parents are made only when missing.
func makeFolders(_ path: String) throws {
    if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
    guard errno == ENOENT else { throw BlobStoreError.file("create the folder", path, errno) }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path else { throw BlobStoreError.file("create the folder", path, ENOENT) }
    try makeFolders(parent)
    if mkdir(path, 0o755) != 0, errno != EEXIST { throw BlobStoreError.file("create the folder", path, errno) }
}
