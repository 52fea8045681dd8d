/// The fields of `"type": "ntlm"` auth. The transport (libcurl) answers the server's `401
/// WWW-Authenticate: NTLM` with the three-message handshake on one connection, so no header is
/// set in advance; the password is usually a secret variable's reference.
package struct NTLMAuth: Sendable, Equatable {
    package var username: String
    package var password: String
    /// The Windows domain; empty for none (then `username` may be written `DOMAIN\user`).
    package var domain: String

    package init(username: String = "", password: String = "", domain: String = "") {
        self.username = username
        self.password = password
        self.domain = domain
    }
}
