/// Credentials the transport answers a server's challenge with. Digest needs the server's nonce,
/// so it cannot be a header set in advance; Basic is here too for callers that prefer the
/// transport to build the header.
///
/// Every description masks the password (``Redaction/mask``), so logging a request's options
/// never leaks it.
public enum HTTPAuthentication: Hashable, Sendable {
    /// RFC 7617 Basic, sent with the first request.
    case basic(username: String, password: String)
    /// RFC 7616 Digest, sent after the server's `401` challenge.
    case digest(username: String, password: String)
    /// NTLM, answered by the transport after the server's `401` challenge (on one connection);
    /// `username` may be written `DOMAIN\user`.
    case ntlm(username: String, password: String)
    /// SPNEGO (`Negotiate`, RFC 4559) with the user's Kerberos ticket: no credentials here.
    case negotiate

    /// The user name, shown in descriptions.
    public var username: String {
        switch self {
        case .basic(let username, _), .digest(let username, _), .ntlm(let username, _): username
        case .negotiate: ""
        }
    }

    /// The password, for the transport only.
    public var password: String {
        switch self {
        case .basic(_, let password), .digest(_, let password), .ntlm(_, let password): password
        case .negotiate: ""
        }
    }

    /// `"basic"`, `"digest"`, `"ntlm"` or `"negotiate"`.
    public var scheme: String {
        switch self {
        case .basic: "basic"
        case .digest: "digest"
        case .ntlm: "ntlm"
        case .negotiate: "negotiate"
        }
    }
}

extension HTTPAuthentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `digest(username: alice, password: ***)`.
    public var description: String {
        self == .negotiate ? scheme : "\(scheme)(username: \(username), password: \(Redaction.mask))"
    }

    public var debugDescription: String { description }

    /// Reflection (`dump`, the default description of a containing struct) sees the masked password only.
    public var customMirror: Mirror {
        Mirror(self, children: ["scheme": scheme, "username": username, "password": Redaction.mask])
    }
}
