import FeedStore
import Foundation
import Storage

extension LibraryError {
    /// The error numbers of a write the disk has no room for: no space, over the quota, or past the file-size limit
    /// (`RLIMIT_FSIZE`) the process runs under.
    static let diskFullCodes: Set<Int32> = [ENOSPC, EDQUOT, EFBIG]

    /// `error` as a fault of the machine, when it is one: a write that found no room under `folder` (the data
    /// directory, named so that the person knows which disk to look at), or a storage request that got no answer
    /// or a refusal. Nil for every other error, which the caller keeps as it is.
    public static func fault(of error: any Error, folder: String) -> LibraryError? {
        switch error {
        case let error as LibraryError where error.endsBatch:
            return error
        case let error as S3Error:
            return .storageUnavailable(error.description)
        case let error as BlobStoreError:
            guard case .file(_, _, let code) = error, diskFullCodes.contains(code) else { return nil }
            return .diskFull(folder: folder)
        case let error as FileError:
            guard case .cannotWrite(_, let code) = error, diskFullCodes.contains(code) else { return nil }
            return .diskFull(folder: folder)
        case let error as POSIXError where diskFullCodes.contains(error.code.rawValue):
            return .diskFull(folder: folder)
        case let error as CocoaError:
            if error.code == .fileWriteOutOfSpace { return .diskFull(folder: folder) }
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
                return fault(of: underlying, folder: folder)
            }
            return nil
        case let error as NSError where error.domain == NSPOSIXErrorDomain:
            return diskFullCodes.contains(Int32(error.code)) ? .diskFull(folder: folder) : nil
        default:
            return nil
        }
    }
}

extension LibraryError {
    /// Whether `error` is a fault of the machine or of its services — a full disk, a storage or a database that does
    /// not answer — which would fail every item of a batch (an import, a sync) after this one too.
    public static func isFault(_ error: any Error) -> Bool {
        switch error {
        case let error as LibraryError: error.endsBatch
        case StoreError.unavailable, StoreError.diskFull: true
        default: false
        }
    }
}

extension LibraryFiles {
    /// Runs `body`, turning a full disk or an unreachable storage into ``LibraryError`` (naming the data directory).
    func translatingFaults<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch {
            throw LibraryError.fault(of: error, folder: root.path) ?? error
        }
    }

    /// `error` as ``translatingFaults(_:)`` would throw it.
    public func translated(_ error: any Error) -> any Error {
        LibraryError.fault(of: error, folder: root.path) ?? error
    }
}
