package import Foundation

/// A throwaway self-signed TLS certificate for `127.0.0.1` and `localhost`, made with `openssl`.
///
/// The certificate is its own CA: pass `certificateFile` as the CA bundle to trust it.
package struct TestCertificate: Sendable {
    /// PEM certificate (and CA bundle).
    package let certificateFile: URL
    /// PEM private key, unencrypted.
    package let keyFile: URL
    /// The folder holding both files (the loopback server removes it when it exits).
    package var folder: URL { certificateFile.deletingLastPathComponent() }

    /// Generates a fresh EC P-256 certificate valid for one day in a new temporary folder.
    package static func generate(commonName: String = "Lazer loopback test") throws -> TestCertificate {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lazer-cert-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("cert.pem")
        let key = folder.appendingPathComponent("key.pem")
        try TestCertificateAuthority.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", certificate.path, "-days", "1", "-subj", "/CN=\(commonName)",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        return TestCertificate(certificateFile: certificate, keyFile: key)
    }
}
