package import Foundation

/// A throwaway certificate authority made with `openssl`, for TLS failures that need a trusted
/// chain: a certificate that expired, or one issued for another host name.
///
/// Trusting ``certificateFile`` (as the CA bundle) makes every certificate it issued trusted, so
/// the only thing wrong with an issued certificate is what the test asked for.
package struct TestCertificateAuthority: Sendable {
    /// How long an issued certificate is valid.
    package enum Validity: Sendable {
        /// From now for one day.
        case current
        /// 1 to 2 January 2020: long expired.
        case expired
        /// 1 to 2 January 2099: not valid yet.
        case notYetValid
    }

    /// PEM certificate of the authority (the CA bundle to trust).
    package let certificateFile: URL
    /// PEM private key of the authority.
    package let keyFile: URL
    /// The folder holding the authority and everything it issued.
    package var folder: URL { certificateFile.deletingLastPathComponent() }

    /// Makes a new EC P-256 authority, valid for one day, in a new temporary folder.
    package static func generate(commonName: String = "Lazer test CA") throws -> TestCertificateAuthority {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lazer-ca-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("ca.pem")
        let key = folder.appendingPathComponent("ca-key.pem")
        try openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", certificate.path, "-days", "1", "-subj", "/CN=\(commonName)",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
        // `openssl ca` (the one OpenSSL 3.0 command that takes explicit validity dates) keeps a database.
        try Data().write(to: folder.appendingPathComponent("index.txt"))
        try Data("01\n".utf8).write(to: folder.appendingPathComponent("serial"))
        let configuration = """
            [ca]
            default_ca = lazer
            [lazer]
            database = \(folder.path)/index.txt
            new_certs_dir = \(folder.path)
            serial = \(folder.path)/serial
            default_md = sha256
            policy = anything
            copy_extensions = copy
            unique_subject = no
            [anything]
            commonName = supplied

            """
        try Data(configuration.utf8).write(to: folder.appendingPathComponent("ca.cnf"))
        return TestCertificateAuthority(certificateFile: certificate, keyFile: key)
    }

    /// Issues a server certificate for `subjectAltName` (openssl syntax: `IP:127.0.0.1,DNS:localhost`)
    /// valid for `validity`; its files are named after `name` in ``folder``.
    package func issue(
        name: String, subjectAltName: String = "IP:127.0.0.1,DNS:localhost", validity: Validity = .current
    ) throws -> TestCertificate {
        let certificate = folder.appendingPathComponent("\(name).pem")
        let key = folder.appendingPathComponent("\(name)-key.pem")
        let request = folder.appendingPathComponent("\(name).csr")
        try Self.openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", request.path, "-subj", "/CN=Lazer \(name)",
            "-addext", "subjectAltName=\(subjectAltName)",
        ])
        let dates: [String] =
            switch validity {
            case .current: ["-days", "1"]
            case .expired: ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"]
            case .notYetValid: ["-startdate", "20990101000000Z", "-enddate", "20990102000000Z"]
            }
        try Self.openssl(
            [
                "ca", "-batch", "-notext", "-config", folder.appendingPathComponent("ca.cnf").path,
                "-cert", certificateFile.path, "-keyfile", keyFile.path, "-in", request.path, "-out", certificate.path,
            ] + dates)
        return TestCertificate(certificateFile: certificate, keyFile: key)
    }

    /// Runs `openssl` with `arguments`; throws its error output when it fails.
    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LoopbackServer.StartError.openssl(String(decoding: message, as: UTF8.self))
        }
    }
}
