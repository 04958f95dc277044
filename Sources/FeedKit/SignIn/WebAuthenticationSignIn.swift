#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
    import AuthenticationServices
    import Foundation

    /// Runs the whole sign-in in `ASWebAuthenticationSession`: opens the authorization page, waits for the redirect to
    /// the app's custom scheme, checks it, and exchanges the code.
    ///
    /// ```swift
    /// let signIn = WebAuthenticationSignIn(anchor: window)
    /// let token = try await signIn.signIn(client: client, configuration: configuration)
    /// ```
    @MainActor
    public final class WebAuthenticationSignIn: NSObject, ASWebAuthenticationPresentationContextProviding {
        /// Only read by the session, which asks for it on the main thread.
        private nonisolated(unsafe) let anchor: ASPresentationAnchor
        /// Whether the browser session shares no cookies with Safari (no "signed in already" shortcut).
        public var prefersEphemeralSession: Bool
        /// The session on screen, kept alive until it ends.
        private var session: ASWebAuthenticationSession?

        public init(anchor: ASPresentationAnchor, prefersEphemeralSession: Bool = false) {
            self.anchor = anchor
            self.prefersEphemeralSession = prefersEphemeralSession
        }

        /// Signs in and returns the token. The configuration's redirect URI must use a custom scheme (`myapp://…`).
        /// - Throws: ``SignInError/cancelled`` when the user closes the window, other ``SignInError``s for a bad
        ///   redirect, and ``FeedError`` when the exchange fails.
        public func signIn(client: FeedClient, configuration: OAuthConfiguration) async throws -> OAuthToken {
            let request = AuthorizationRequest(client: client, configuration: configuration)
            let scheme = URLComponents(string: configuration.redirectURI)?.scheme
            defer { session = nil }
            let redirect: URL = try await withCheckedThrowingContinuation { continuation in
                let session = ASWebAuthenticationSession(url: request.url, callbackURLScheme: scheme) { url, error in
                    if let url {
                        continuation.resume(returning: url)
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(throwing: SignInError.cancelled)
                    } else {
                        continuation.resume(throwing: error ?? SignInError.missingCode)
                    }
                }
                session.presentationContextProvider = self
                session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                self.session = session
                if !session.start() {
                    continuation.resume(throwing: SignInError.cancelled)
                }
            }
            let code = try request.code(fromRedirect: redirect)
            return try await client.exchange(code: code, for: request)
        }

        public nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            anchor
        }
    }
#endif
