import Foundation

/// Why a condition evaluated to an error (and so does not grant).
struct StorageEvaluationError: Error {
    let reason: String
}
