import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// A dispatcher whose observers run inline (on the network thread), with every request bounded.
private func makeDispatcher(memoryLimit: Int = 256 * 1024 * 1024) -> CurlDispatcher {
    CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler(), memoryLimit: memoryLimit))
}

private func request(
    _ url: URL, method: HTTPMethod = .get, configure: (inout HTTPRequest) -> Void = { _ in }
) -> HTTPRequest {
    var request = HTTPRequest(method: method, url: url, options: RequestOptions(totalTimeout: .seconds(30)))
    configure(&request)
    return request
}

private struct EchoBody: Decodable {
    var method: String
    var path: String
    var headers: [[String]]
    var body: String
    var length: Int

    var bodyText: String { String(decoding: Data(base64Encoded: body) ?? Data(), as: UTF8.self) }
    func values(_ name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }
}

private func echo(_ response: Response<ResponseBody>) throws -> EchoBody {
    try JSONDecoder().decode(EchoBody.self, from: try response.body.data())
}

private func transportError(_ future: ResponseFuture<Response<ResponseBody>>) async -> TransportError? {
    guard case .failure(let error) = await future.fetchResult() else { return nil }
    return error as? TransportError
}

@Suite("CurlDispatcher: HTTPCore requests over libcurl, against the loopback server")
struct CurlDispatcherTests {
    @Test("a JSON body is sent with its content type; the response carries status, headers, version and timings")
    func jsonRoundTrip() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let sent = request(server.url("/echo"), method: .post) { $0.setJSONBody(string: "{\"a\":1}") }
        let before = ContinuousClock.now
        let response = try await dispatcher.dataFuture(from: sent).value
        // When the network thread saw it end: what `lazer load` measures latency to.
        let completedAt = try #require(response.timings.completedAt)
        #expect(completedAt > before && completedAt <= ContinuousClock.now)
        #expect(response.statusCode.rawValue == 200)
        #expect(response.httpError == nil)
        #expect(response.httpVersion == .http11)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.remoteAddress == "127.0.0.1:\(server.port)")
        #expect(response.timings.total ?? .zero > .zero)
        #expect(response.bytesReceived > 0)
        #expect(response.request.method == .post)
        let body = try echo(response)
        #expect(body.method == "POST")
        #expect(body.bodyText == "{\"a\":1}")
        #expect(body.values("content-type") == ["application/json"])
        #expect(body.values("user-agent") == ["lazer"])
    }

    @Test("raw bytes without a content type are not labelled form-urlencoded")
    func rawBytesCarryNoType() async throws {
        let server = try LoopbackServer.shared()
        let sent = request(server.url("/echo"), method: .put) { $0.body = .bytes(Data("raw".utf8)) }
        let body = try echo(try await makeDispatcher().dataFuture(from: sent).value)
        #expect(body.values("content-type").isEmpty)
        #expect(body.bodyText == "raw")
    }

    @Test("form and multipart bodies (with a file part streamed from disk) arrive as the server expects")
    func formAndMultipart() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let form = request(server.url("/echo"), method: .post) {
            $0.setFormBody([FormField(name: "q", value: "a b&c")])
        }
        let formEcho = try echo(try await dispatcher.dataFuture(from: form).value)
        #expect(formEcho.values("content-type") == ["application/x-www-form-urlencoded"])
        #expect(formEcho.bodyText.contains("q=a"))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-mp-\(UUID().uuidString).txt")
        try Data("from disk\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let multipart = request(server.url("/multipart"), method: .post) {
            $0.setMultipartBody([.text("title", "hello"), .file("doc", path: file.path)])
        }
        let response = try await dispatcher.uploadFuture(from: multipart).value
        let text = String(decoding: try response.body.data(), as: UTF8.self)
        #expect(text.contains("\"name\": \"title\""))
        #expect(text.contains("\"text\": \"hello\""))
        #expect(text.contains("\"filename\": \"\(file.lastPathComponent)\""))
        #expect(text.contains("\"text\": \"from disk\\n\""))
    }

    @Test("4xx and 5xx are responses with an httpError, not failures")
    func errorStatuses() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let notFound = try await dispatcher.dataFuture(from: request(server.url("/status/404"))).value
        #expect(notFound.statusCode.rawValue == 404)
        #expect(notFound.httpError != nil)
        let broken = try await dispatcher.dataFuture(from: request(server.url("/status/503"))).value
        #expect(broken.statusCode.rawValue == 503)
    }

    @Test("redirects: followed to the effective URL; past the limit a tooManyRedirects error")
    func redirects() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let followed = request(server.url("/redirect/2")) { $0.options.followRedirects = true }
        let response = try await dispatcher.dataFuture(from: followed).value
        #expect(response.url.path == "/redirect/0")
        #expect(response.timings.redirect != nil)
        #expect(response.timings.redirectCount == 2)

        let limited = request(server.url("/redirect/4")) {
            $0.options.followRedirects = true
            $0.options.maxRedirects = 1
        }
        #expect(await transportError(dispatcher.dataFuture(from: limited))?.reason == .tooManyRedirects)
    }

    @Test("a slow response fails with totalTimeout")
    func totalTimeout() async throws {
        let server = try LoopbackServer.shared()
        let slow = request(server.url("/slow?seconds=10")) { $0.options.totalTimeout = .milliseconds(300) }
        #expect(await transportError(makeDispatcher().dataFuture(from: slow))?.reason == .totalTimeout)
    }

    @Test("connection refused and server-closed-mid-body map to their reasons and translations")
    func refusedAndPartial() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let port = try closedPort()
        let closed = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let refused = try #require(await transportError(dispatcher.dataFuture(from: request(closed))))
        #expect(refused.reason == .connectionRefused)
        #expect(refused.url?.port == port)
        let translation = ErrorTranslator.standard.translate(refused)
        #expect(translation.title == "Connection refused")
        #expect(translation.explanation.contains("127.0.0.1"))

        let partial = await transportError(dispatcher.dataFuture(from: request(server.url("/close-mid-body"))))
        #expect(partial?.reason == .partialBody)
    }

    @Test("self-signed HTTPS: untrusted by default (with its translation), fine with the CA or insecure")
    func selfSignedTLS() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let untrusted = try #require(await transportError(dispatcher.dataFuture(from: request(server.tlsURL("/json")))))
        #expect(untrusted.reason == .certificateUntrusted)
        #expect(ErrorTranslator.standard.translate(untrusted).title == "Certificate not trusted")

        let trusted = request(server.tlsURL("/json")) { $0.options.caFile = server.certificate.certificateFile.path }
        let response = try await dispatcher.dataFuture(from: trusted).value
        #expect(response.statusCode.rawValue == 200)
        #expect(response.timings.tlsHandshake != nil)

        let insecure = request(server.tlsURL("/json")) { $0.options.verifyTLS = false }
        #expect(try await dispatcher.dataFuture(from: insecure).value.statusCode.rawValue == 200)

        let badCA = request(server.tlsURL("/json")) { $0.options.caFile = "/nonexistent/ca.pem" }
        #expect(await transportError(dispatcher.dataFuture(from: badCA))?.reason == .caFileUnreadable)
    }

    @Test("a configured HTTP proxy carries the request (absolute-form, no local DNS); a dead proxy is a proxyFailure")
    func proxy() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let viaProxy = request(try #require(URL(string: "http://lazer-proxy-test.invalid/echo?p=1"))) {
            $0.options.proxy = "http://127.0.0.1:\(server.port)"
        }
        let response = try await dispatcher.dataFuture(from: viaProxy).value
        let text = String(decoding: try response.body.data(), as: UTF8.self)
        #expect(text.contains(#""target": "http://lazer-proxy-test.invalid/echo?p=1""#))
        #expect(try echo(response).values("host") == ["lazer-proxy-test.invalid"])

        let port = try closedPort()
        let deadProxy = request(server.url("/json")) { $0.options.proxy = "http://127.0.0.1:\(port)" }
        #expect(await transportError(dispatcher.dataFuture(from: deadProxy))?.reason == .proxyFailure)
    }

    @Test(
        "mutual TLS: the client certificate and key are presented; none or an untrusted one is refused; an unusable one is a clientCertificate error"
    )
    func clientCertificate() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let trusted: (inout HTTPRequest) -> Void = { $0.options.caFile = server.certificate.certificateFile.path }
        let withCertificate = request(server.mutualTLSURL("/json")) {
            trusted(&$0)
            $0.options.clientCertificate = ClientCertificate(
                certificatePath: server.clientCertificate.certificateFile.path,
                privateKeyPath: server.clientCertificate.keyFile.path)
        }
        #expect(try await dispatcher.dataFuture(from: withCertificate).value.statusCode.rawValue == 200)

        // The server asks for a certificate in its handshake and refuses none or an untrusted one
        // (TLS 1.3 sends the alert after the handshake; observed transfers know it was asked for).
        let without = EventRecorder().observing(request(server.mutualTLSURL("/json"), configure: trusted))
        #expect(await transportError(dispatcher.dataFuture(from: without))?.reason == .clientCertificateRefused)
        let untrusted = EventRecorder().observing(
            request(server.mutualTLSURL("/json")) {
                trusted(&$0)
                $0.options.clientCertificate = ClientCertificate(
                    certificatePath: server.certificate.certificateFile.path,
                    privateKeyPath: server.certificate.keyFile.path)
            })
        #expect(await transportError(dispatcher.dataFuture(from: untrusted))?.reason == .clientCertificateRefused)

        let unusable = request(server.mutualTLSURL("/json")) {
            trusted(&$0)
            $0.options.clientCertificate = ClientCertificate(certificatePath: "/nonexistent/client.pem")
        }
        #expect(await transportError(dispatcher.dataFuture(from: unusable))?.reason == .clientCertificate)
    }

    @Test("asking for HTTP/2 over TLS falls back to HTTP/1.1 when the server offers only that (ALPN)")
    func http2Fallback() async throws {
        let server = try LoopbackServer.shared()
        let sent = request(server.tlsURL("/json")) {
            $0.options.caFile = server.certificate.certificateFile.path
            $0.options.httpVersion = .http2
        }
        let response = try await makeDispatcher().dataFuture(from: sent).value
        #expect(response.httpVersion == .http11)
        #expect(CurlDispatcher.features.http2)
    }

    @Test("cancelling the future mid-transfer notifies cancellation and the server sees the connection close")
    func cancelMidTransfer() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let id = UUID().uuidString
        let future = dispatcher.dataFuture(from: request(server.url("/slow?seconds=600&id=\(id)")))
        await DispatcherSupport.cancelMidBody(future)
        #expect(future.isCancelled)
        let disconnected = try await dispatcher.dataFuture(from: request(server.url("/disconnected?id=\(id)"))).value
        #expect(disconnected.statusCode.rawValue == 200)
    }

    @Test("a download future writes the body to the destination file")
    func download() async throws {
        let server = try LoopbackServer.shared()
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-dl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let response = try await makeDispatcher().downloadFuture(
            from: request(server.url("/bytes?size=2000000")), to: destination
        ).value
        #expect(response.body == .file(destination, byteCount: 2_000_000))
        #expect(try Data(contentsOf: destination).count == 2_000_000)
    }

    @Test("a download without a destination always lands in a temporary file, even when tiny")
    func downloadToTemporaryFile() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let small = try await dispatcher.downloadFuture(from: request(server.url("/json")), to: nil).value
        let file = try #require(small.body.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == (try small.body.data()))
        #expect(small.body.byteCount > 0)
        let empty = try await dispatcher.downloadFuture(from: request(server.url("/json"), method: .head), to: nil)
            .value
        let emptyFile = try #require(empty.body.fileURL)
        defer { try? FileManager.default.removeItem(at: emptyFile) }
        #expect(empty.body.byteCount == 0)
    }

    @Test("request adapters change what is sent; monitors see every exchange, failures included")
    func pipeline() async throws {
        let server = try LoopbackServer.shared()
        let seen = LockedValue<[String]>([])
        let pipeline = DispatchPipeline(
            requestAdapters: [
                ClosureRequestAdapter { request in
                    var adapted = request
                    adapted.headers.add(name: "X-Adapted", value: "yes")
                    return adapted
                }
            ],
            monitors: [
                ClosureExchangeMonitor { exchange in
                    let outcome = (try? exchange.result.get()).map { "\($0.statusCode.rawValue)" } ?? "failed"
                    seen.update { $0.append(outcome) }
                }
            ])
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler(), pipeline: pipeline))
        let response = try await dispatcher.dataFuture(from: request(server.url("/echo"))).value
        #expect(try echo(response).values("x-adapted") == ["yes"])
        #expect(response.request.headers["X-Adapted"] == "yes")
        let port = try closedPort()
        _ = await dispatcher.dataFuture(from: request(try #require(URL(string: "http://127.0.0.1:\(port)/"))))
            .fetchResult()
        #expect(seen.value == ["200", "failed"])
    }

    @Test("past the memory limit the body is a temporary file the response refers to")
    func spill() async throws {
        let server = try LoopbackServer.shared()
        let response = try await makeDispatcher(memoryLimit: 10_000).dataFuture(
            from: request(server.url("/bytes?size=50000"))
        ).value
        let file = try #require(response.body.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(response.body.byteCount == 50_000)
        #expect(try response.body.data().count == 50_000)
    }

    @Test("request errors land in error: a lazy request that throws, a missing upload file")
    func requestErrors() async throws {
        let dispatcher = makeDispatcher()
        struct Broken: Error {}
        let lazy = dispatcher.dataFuture { throw Broken() }
        guard case .failure(let error) = await lazy.fetchResult() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is Broken)
        let server = try LoopbackServer.shared()
        let missing = request(server.url("/echo"), method: .post) { $0.setFileBody(path: "/nonexistent/upload.bin") }
        guard case .failure(let uploadError) = await dispatcher.dataFuture(from: missing).fetchResult() else {
            Issue.record("expected a failure")
            return
        }
        #expect(uploadError is RequestError)
    }

    @Test("nothing is sent before send(): the future is cold")
    func cold() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-cold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let future = dispatcher.downloadFuture(from: request(server.url("/json")), to: file)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        _ = try await future.value
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("dropping the dispatcher mid-request neither hangs nor crashes: the request still completes")
    func droppedDispatcher() async throws {
        let server = try LoopbackServer.shared()
        var dispatcher: CurlDispatcher? = makeDispatcher()
        let future = try #require(dispatcher).dataFuture(from: request(server.url("/slow?seconds=0.3")))
        _ = future.send()
        dispatcher = nil
        // The engine lives until the exchange settles, then shuts down on its own network thread.
        #expect(try await future.value.statusCode.rawValue == 200)
        #expect(dispatcher == nil)
    }

    @Test("after shutdown requests fail instead of hanging")
    func shutdown() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = makeDispatcher()
        dispatcher.shutdown()
        let result = await dispatcher.dataFuture(from: request(server.url("/json"))).fetchResult()
        guard case .failure = result else {
            Issue.record("expected a failure")
            return
        }
    }
}
