#if canImport(Security)
    import Foundation
    import Security

    /// A Keychain call failed with `status` (an `OSStatus`).
    public struct KeychainError: Error, Sendable, Hashable {
        public let status: Int32
    }

#endif
