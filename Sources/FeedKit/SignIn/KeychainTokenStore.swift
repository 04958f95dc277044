#if canImport(Security)
    import Foundation
    import Security

    /// Tokens in the Keychain, as generic passwords of one service, readable after the first unlock on this device only.
    public struct KeychainTokenStore: TokenStore {
        /// The Keychain service the items belong to, e.g. the app's bundle identifier.
        public let service: String

        public init(service: String) {
            self.service = service
        }

        public func token(for account: String) async throws -> OAuthToken? {
            var query = baseQuery(account)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else { throw KeychainError(status: status) }
            return try JSONDecoder().decode(OAuthToken.self, from: data)
        }

        public func save(_ token: OAuthToken, for account: String) async throws {
            let data = try JSONEncoder().encode(token)
            let attributes: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let status = SecItemUpdate(baseQuery(account) as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                let added = SecItemAdd(baseQuery(account).merging(attributes) { $1 } as CFDictionary, nil)
                guard added == errSecSuccess else { throw KeychainError(status: added) }
            } else if status != errSecSuccess {
                throw KeychainError(status: status)
            }
        }

        public func removeToken(for account: String) async throws {
            let status = SecItemDelete(baseQuery(account) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
        }

        private func baseQuery(_ account: String) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }
    }

#endif
