import Firebase

extension DatabaseWireSession {
    /// `auth` (`{cred}` with a Firebase ID token) and `gauth` (a credential that is not a JWT: here, the admin
    /// token): the connection acts for whom the credential names from now on, its listens are checked again, and
    /// `ac` follows when the token expires. The admin may act as someone (`authvar`) or as no one (`noauth`).
    /// A credential that does not hold is answered `invalid_token` or `expired_token` and changes nothing; the SDK
    /// then closes the connection and reconnects with a fresh token.
    func authenticate(_ request: WireRequest) async {
        guard case .string(let credential)? = request.body["cred"], !credential.isEmpty else {
            await respond(request, status: "invalid_token", message: "The request has no credential \"cred\"")
            return
        }
        let next: DatabaseCaller
        if admin.admits(token: credential, from: clientAddress) {
            if request.body["noauth"] == .bool(true) {
                next = .anonymous
            } else if case .object(let members)? = request.body["authvar"] {
                guard let uid = members["uid"]?.stringValue else {
                    await respond(request, status: "invalid_token", message: "authvar must have a string uid")
                    return
                }
                let auth = RulesAuth(
                    uid: uid, provider: members["provider"]?.stringValue ?? "custom",
                    token: members["token"]?.objectValue ?? members)
                next = .judged(auth: auth, credential: nil)
            } else {
                next = .admin
            }
        } else {
            do {
                next = try await database.caller(idToken: credential)
            } catch {
                await respond(request, error: error)
                return
            }
        }
        caller = next
        watchExpiry()
        await restartListens()
        await respond(request, status: "ok", data: Self.authData(of: next))
    }

    /// `unauth`: the connection acts for no one from now on.
    func unauthenticate(_ request: WireRequest) async {
        caller = .anonymous
        watchExpiry()
        await restartListens()
        await respond(request, status: "ok", data: "\"\"")
    }

    /// What an `ok` to `auth` carries: the rules' `auth` and when the token expires (seconds since 1970).
    static func authData(of caller: DatabaseCaller) -> String {
        // As Firebase's servers answer an admin credential: `{"auth":null,"expires":null}`.
        guard let auth = caller.auth else { return "{\"auth\":null,\"expires\":null}" }
        var members: [String: JSONValue] = [
            "auth": .object([
                "uid": .string(auth.uid), "provider": .string(auth.provider), "token": .object(auth.token),
            ])
        ]
        members["expires"] = caller.credential.map { .number(Double($0.expiresAt / 1000)) } ?? .null
        return JSONValue.object(members).serializedString()
    }

    /// Sends `ac` when the caller's token expires.
    private func watchExpiry() {
        expiryTask?.cancel()
        expiryTask = nil
        guard let credential = caller.credential else { return }
        let clock = database.clock
        expiryTask = Task {
            let remaining = credential.expiresAt - clock.milliseconds()
            if remaining > 0 {
                do {
                    try await clock.sleep(for: .milliseconds(remaining))
                } catch {
                    return
                }
            }
            await self.credentialEnded(credential)
        }
    }

    /// The token the connection acts with expired or was revoked (`credential`: that token, nil for the current
    /// one): the client is told (`ac`, `{s: "expired_token" | "invalid_token", d: reason}`) and the connection acts
    /// for no one from now on; the SDK reconnects with a fresh token.
    func credentialEnded(_ credential: VerifiedIDToken? = nil) async {
        guard let current = caller.credential, credential == nil || credential == current, !closed else { return }
        let expired = current.expiresAt <= database.clock.milliseconds()
        caller = .anonymous
        // Not cancelled when it is the task running this: its messages would not be sent.
        if credential == nil { expiryTask?.cancel() }
        expiryTask = nil
        await output(
            .push(
                action: "ac",
                body: expired
                    ? "{\"s\":\"expired_token\",\"d\":\"Auth token is expired\"}"
                    : "{\"s\":\"invalid_token\",\"d\":\"Auth token has been revoked\"}"))
        await restartListens()
    }
}
