package import Foundation
import Synchronization

/// A real HTTP/2 server on 127.0.0.1: nginx in front of a ``LoopbackServer``, speaking h2 over TLS
/// (ALPN) on ``port`` and cleartext h2 with prior knowledge (h2c) on ``priorKnowledgePort``.
///
/// Python's standard library speaks only HTTP/1.1, so HTTP/2 tests need a real h2 server. nginx is
/// started by `nginx_guard.py` with a generated configuration in a temporary folder (pid, error
/// and access logs there too), on a socket the guard binds on a free port and hands over, and is
/// stopped when the test process closes the guard's standard input — never left running.
///
/// `/connection` answers nginx's own view of the exchange, `{"connection": N, "request": M,
/// "protocol": "HTTP/2.0"}`: the connection's serial number and the request's position on it,
/// which is how tests prove connections are reused. Every other path is proxied to the loopback
/// server (so `/echo` works over HTTP/2). The certificate is the loopback server's: trust
/// `backend.certificate.certificateFile`.
package final class HTTP2Server: Sendable {
    /// The HTTPS port nginx listens on (HTTP/2 by ALPN, or HTTP/1.1).
    package let port: Int
    /// A cleartext port that speaks only HTTP/2 (prior knowledge, no upgrade).
    package let priorKnowledgePort: Int
    /// The loopback server behind nginx.
    package let backend: LoopbackServer
    private let child: PortReportingChild

    /// Why nginx could not start.
    package enum StartError: Error, CustomStringConvertible {
        case noNginx
        case nginx(String)

        package var description: String {
            switch self {
            case .noNginx:
                "nginx was not found: the HTTP/2 tests need a real h2 server (`make deps` installs the Debian package nginx)"
            case .nginx(let output): "nginx did not start: \(output)"
            }
        }
    }

    private static let sharedServer: Result<HTTP2Server, any Error> = Result {
        try HTTP2Server(backend: LoopbackServer.shared())
    }

    /// The server shared by every test in this process, started on first use.
    package static func shared() throws -> HTTP2Server {
        try sharedServer.get()
    }

    /// Starts nginx in front of `backend`; call `stop()` when done (or let the process exit).
    package init(backend: LoopbackServer) throws {
        let nginx = try Self.nginx()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lazer-nginx-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let template = Self.configuration(folder: folder.path, backend: backend)
        try Data(template.utf8).write(to: folder.appendingPathComponent("nginx.conf.template"))
        let child = try PortReportingChild(script: Self.guardURL, arguments: [nginx.path, folder.path])
        let line = child.firstLine
        guard let port = child.ports["tls"], let priorKnowledgePort = child.ports["h2c"] else {
            child.stop(terminate: true)
            try? FileManager.default.removeItem(at: folder)
            throw StartError.nginx(line.hasPrefix("ERROR ") ? String(line.dropFirst(6)) : "no port reported (\(line))")
        }
        self.port = port
        self.priorKnowledgePort = priorKnowledgePort
        self.backend = backend
        self.child = child
    }

    deinit { stop() }

    /// `https://127.0.0.1:<port><path>`; `path` starts with a slash and may carry a query.
    package func url(_ path: String) -> URL {
        LoopbackServer.url("https", port: port, path: path)
    }

    /// `http://127.0.0.1:<priorKnowledgePort><path>`: HTTP/2 without TLS; only prior knowledge works.
    package func priorKnowledgeURL(_ path: String) -> URL {
        LoopbackServer.url("http", port: priorKnowledgePort, path: path)
    }

    /// Stops nginx (closing the guard's stdin, which stops nginx and removes its folder) and waits.
    package func stop() {
        child.stop(terminate: false)
    }

    private static var guardURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("nginx_guard.py")
    }

    private static func nginx() throws -> URL {
        var candidates = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"]
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += searchPath.split(separator: ":").map { "\($0)/nginx" }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw StartError.noNginx
        }
        return URL(fileURLWithPath: path)
    }

    /// nginx's configuration; the guard fills in `@PORT_tls@` and `@PORT_h2c@`.
    private static func configuration(folder: String, backend: LoopbackServer) -> String {
        let locations = """
                    location = /connection {
                        default_type application/json;
                        return 200 '{"connection": $connection, "request": $connection_requests, "protocol": "$server_protocol"}';
                    }
                    location / {
                        proxy_pass http://127.0.0.1:\(backend.port);
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                    }
            """
        return """
            daemon off;
            worker_processes 1;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log warn;
            events { worker_connections 256; }
            http {
                access_log \(folder)/access.log;
                client_body_temp_path \(folder)/client-body;
                proxy_temp_path \(folder)/proxy;
                fastcgi_temp_path \(folder)/fastcgi;
                uwsgi_temp_path \(folder)/uwsgi;
                scgi_temp_path \(folder)/scgi;
                keepalive_requests 100000;
                # Idle connections stay open for the whole test run: a test process starved of
                # threads (ThreadSanitizer, a busy machine) can pause for minutes between requests
                # that a reuse test expects on one connection.
                keepalive_timeout 3600s;
                server {
                    listen 127.0.0.1:@PORT_tls@ ssl http2;
                    ssl_certificate \(backend.certificate.certificateFile.path);
                    ssl_certificate_key \(backend.certificate.keyFile.path);
            \(locations)
                }
                server {
                    listen 127.0.0.1:@PORT_h2c@ http2;
            \(locations)
                }
            }

            """
    }
}
