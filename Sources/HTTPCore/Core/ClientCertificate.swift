/// A TLS client certificate (mutual TLS), referenced by file path so no key material is copied into memory
/// by Lazer itself.
public struct ClientCertificate: Hashable, Sendable, Codable {
    /// Path to the certificate (PEM).
    public var certificatePath: String
    /// Path to the private key (PEM); `nil` when the key is inside the certificate file.
    public var privateKeyPath: String?
    /// The key's passphrase, if it has one. Never shown in translations or logs.
    public var passphrase: String?

    public init(certificatePath: String, privateKeyPath: String? = nil, passphrase: String? = nil) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
        self.passphrase = passphrase
    }
}
