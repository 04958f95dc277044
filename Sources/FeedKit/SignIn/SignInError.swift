import Crypto
import Foundation

/// Why a sign-in did not produce a code.
public enum SignInError: Error, Sendable, Hashable {
    /// The user refused (`error=access_denied`), with the server's description.
    case denied(String)
    /// The server reported another error.
    case failed(code: String, description: String)
    /// The redirect's `state` is not the one this request sent: it did not come from this sign-in.
    case stateMismatch
    /// The redirect carried no code.
    case missingCode
    /// The redirect is not to this app's redirect URI.
    case unexpectedRedirect(String)
    /// The user closed the sign-in window.
    case cancelled
}

extension SignInError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .denied(let description): description
        case .failed(_, let description): description
        case .stateMismatch: "The sign-in answer does not belong to this sign-in; try again."
        case .missingCode: "The sign-in answer carried no authorization code."
        case .unexpectedRedirect(let url): "The sign-in ended at an unexpected address: \(url)"
        case .cancelled: "The sign-in was cancelled."
        }
    }
}
