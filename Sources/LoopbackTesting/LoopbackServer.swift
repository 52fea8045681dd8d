package import Foundation
import Synchronization

/// A real HTTP and HTTPS server on 127.0.0.1 for integration tests: `loopback_server.py` (Python 3
/// standard library) started as a child process, with two SOCKS5 proxies (`socks_proxy.py`) and
/// HTTPS ports whose certificates are expired, not valid yet, or for another host.
///
/// The child exits when its standard input closes, so it never outlives the test process, even
/// when the tests crash, and deletes its throwaway certificates. `shared()` starts one server per
/// test process; every endpoint is listed at the top of `loopback_server.py`.
package final class LoopbackServer: Sendable {
    /// The plain HTTP port.
    package let port: Int
    /// The HTTPS port (a self-signed certificate for `127.0.0.1` and `localhost`).
    package let tlsPort: Int
    /// An HTTPS port that requires a client certificate (``clientCertificate``).
    package let mutualTLSPort: Int
    /// The server's certificate (also its own CA) and key, generated with `openssl` at start.
    package let certificate: TestCertificate
    /// A client certificate (and its key) the mutual-TLS port accepts.
    package let clientCertificate: TestCertificate
    /// The authority behind ``expiredTLSPort``, ``notYetValidTLSPort`` and ``wrongHostTLSPort``: trust its
    /// `certificateFile` and the only problem left is the one each port is for.
    package let certificateAuthority: TestCertificateAuthority
    /// An HTTPS port whose certificate (issued by ``certificateAuthority``) expired in 2020.
    package let expiredTLSPort: Int
    /// An HTTPS port whose certificate (issued by ``certificateAuthority``) is valid from 2099 only.
    package let notYetValidTLSPort: Int
    /// An HTTPS port whose certificate (issued by ``certificateAuthority``) is only for `wrong-host.invalid`.
    package let wrongHostTLSPort: Int
    /// A port where connecting never finishes (its accept queue is kept full, so SYNs are dropped):
    /// for connect-timeout tests.
    package let blackholePort: Int
    /// A SOCKS5 proxy without authentication (`socks_proxy.py`): it reaches every destination on
    /// 127.0.0.1, and `/socks/connections` lists what it saw.
    package let socksPort: Int
    /// A SOCKS5 proxy that requires ``socksUser`` and ``socksPassword``.
    package let authenticatedSocksPort: Int
    /// The user name ``authenticatedSocksPort`` accepts.
    package static let socksUser = "lazer"
    /// The password ``authenticatedSocksPort`` accepts.
    package static let socksPassword = "s0cks-secret"
    private let child: PortReportingChild

    /// Why a server could not start.
    package enum StartError: Error, CustomStringConvertible {
        case noPython
        case noPortLine(String)
        case openssl(String)

        package var description: String {
            switch self {
            case .noPython: "python3 was not found (run `make deps`)"
            case .noPortLine(let output): "the loopback server did not report its ports (output: \(output))"
            case .openssl(let output): "openssl could not create a test certificate: \(output)"
            }
        }
    }

    private static let sharedServer: Result<LoopbackServer, any Error> = Result { try LoopbackServer() }

    /// The server shared by every test in this process, started on first use.
    package static func shared() throws -> LoopbackServer {
        try sharedServer.get()
    }

    /// Starts a new server; call `stop()` when done (or let the process exit).
    package init() throws {
        let certificate = try TestCertificate.generate()
        let clientCertificate = try TestCertificate.generate(commonName: "Lazer test client")
        let authority = try TestCertificateAuthority.generate()
        let expired = try authority.issue(name: "expired", validity: .expired)
        let notYetValid = try authority.issue(name: "not-yet-valid", validity: .notYetValid)
        let wrongHost = try authority.issue(name: "wrong-host", subjectAltName: "DNS:wrong-host.invalid")
        let child = try PortReportingChild(
            script: Self.scriptURL,
            arguments: [
                "--cert", certificate.certificateFile.path, "--key", certificate.keyFile.path,
                "--client-ca", clientCertificate.certificateFile.path,
                "--tls", "expired", expired.certificateFile.path, expired.keyFile.path,
                "--tls", "not_yet_valid", notYetValid.certificateFile.path, notYetValid.keyFile.path,
                "--tls", "wrong_host", wrongHost.certificateFile.path, wrongHost.keyFile.path,
                "--socks-user", "\(Self.socksUser):\(Self.socksPassword)",
                "--remove", certificate.folder.path, "--remove", clientCertificate.folder.path,
                "--remove", authority.folder.path,
            ])
        let line = child.firstLine
        let ports = child.ports
        guard let port = ports["http"], let tlsPort = ports["https"], let mutualTLSPort = ports["mtls"],
            let expiredTLSPort = ports["expired"], let notYetValidTLSPort = ports["not_yet_valid"],
            let wrongHostTLSPort = ports["wrong_host"],
            let socksPort = ports["socks"], let blackholePort = ports["blackhole"],
            let authenticatedSocksPort = ports["socks_auth"]
        else {
            child.stop(terminate: true)  // reap it: no zombie, and its pipes are closed before the error
            throw StartError.noPortLine(line)
        }
        self.port = port
        self.tlsPort = tlsPort
        self.mutualTLSPort = mutualTLSPort
        self.expiredTLSPort = expiredTLSPort
        self.notYetValidTLSPort = notYetValidTLSPort
        self.wrongHostTLSPort = wrongHostTLSPort
        self.socksPort = socksPort
        self.blackholePort = blackholePort
        self.authenticatedSocksPort = authenticatedSocksPort
        self.certificate = certificate
        self.clientCertificate = clientCertificate
        self.certificateAuthority = authority
        self.child = child
    }

    deinit { stop() }

    /// `<scheme>://127.0.0.1:<port><path>`; `path` starts with a slash and may carry a query.
    static func url(_ scheme: String, port: Int, path: String) -> URL {
        URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// `http://127.0.0.1:<port><path>`; `path` starts with a slash and may carry a query.
    package func url(_ path: String) -> URL {
        LoopbackServer.url("http", port: port, path: path)
    }

    /// `https://127.0.0.1:<tlsPort><path>`.
    package func tlsURL(_ path: String) -> URL {
        LoopbackServer.url("https", port: tlsPort, path: path)
    }

    /// `https://127.0.0.1:<mutualTLSPort><path>`: answers only clients presenting ``clientCertificate``.
    package func mutualTLSURL(_ path: String) -> URL {
        LoopbackServer.url("https", port: mutualTLSPort, path: path)
    }

    /// `https://127.0.0.1:<expiredTLSPort><path>`: a trusted (with ``certificateAuthority``) but expired certificate.
    package func expiredTLSURL(_ path: String) -> URL {
        LoopbackServer.url("https", port: expiredTLSPort, path: path)
    }

    /// `https://127.0.0.1:<notYetValidTLSPort><path>`: a trusted certificate whose validity starts in 2099.
    package func notYetValidTLSURL(_ path: String) -> URL {
        LoopbackServer.url("https", port: notYetValidTLSPort, path: path)
    }

    /// `https://127.0.0.1:<wrongHostTLSPort><path>`: a trusted certificate for another host name.
    package func wrongHostTLSURL(_ path: String) -> URL {
        LoopbackServer.url("https", port: wrongHostTLSPort, path: path)
    }

    /// The no-authentication SOCKS5 proxy as a proxy URL: `socks5://127.0.0.1:<socksPort>`
    /// (`scheme` `socks5h` lets the proxy resolve host names).
    package func socksProxy(scheme: String = "socks5") -> String {
        "\(scheme)://127.0.0.1:\(socksPort)"
    }

    /// The authenticating SOCKS5 proxy with `user` and `password` in the URL (the right ones by default).
    package func authenticatedSocksProxy(
        scheme: String = "socks5h", user: String = socksUser, password: String = socksPassword
    ) -> String {
        "\(scheme)://\(user):\(password)@127.0.0.1:\(authenticatedSocksPort)"
    }

    /// Stops the server (closing its stdin, then terminating it) and waits for it to exit.
    package func stop() {
        child.stop(terminate: true)
    }

    /// The script beside this source file.
    static var scriptURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("loopback_server.py")
    }

    /// The `name=port` fields of the child's `PORTS …` line.
    static func ports(_ line: String) -> [String: Int] {
        let fields = line.split(separator: " ")
        guard fields.first == "PORTS" else { return [:] }
        var ports: [String: Int] = [:]
        for field in fields.dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
        }
        return ports
    }

    static func python() throws -> URL {
        for path in ["/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in searchPath.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw StartError.noPython
    }

    /// Reads the first line the child prints, giving up after `timeout` seconds.
    package static func readLine(from handle: FileHandle, timeout: Double) -> String {
        let result = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while true {
                let chunk = handle.availableData
                let finished = result.withLock { data in
                    data.append(chunk)
                    return chunk.isEmpty || data.contains(UInt8(ascii: "\n"))
                }
                if finished { break }
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + timeout)
        let data = result.withLock { $0 }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
