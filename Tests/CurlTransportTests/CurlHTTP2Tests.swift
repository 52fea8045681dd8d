import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// nginx's view of one exchange (`/connection` on ``HTTP2Server``).
private struct ConnectionReport: Decodable {
    /// nginx's serial number of the connection the request came over.
    var connection: Int
    /// The request's position on that connection (1 for the first).
    var request: Int
    var `protocol`: String
}

/// HTTP/2 over TLS (ALPN) against a real h2 server: nginx started by the tests in front of the
/// loopback server. When nginx is missing these tests fail with that message (never skip).
@Suite("CurlDispatcher over HTTP/2 (nginx on 127.0.0.1)")
struct CurlHTTP2Tests {
    private func h2Request(_ server: HTTP2Server, _ path: String, method: HTTPMethod = .get) -> HTTPRequest {
        DispatcherSupport.request(server.url(path), method: method) {
            $0.options.caFile = server.backend.certificate.certificateFile.path
            $0.options.httpVersion = .http2
        }
    }

    private func report(_ response: Response<ResponseBody>) throws -> ConnectionReport {
        try JSONDecoder().decode(ConnectionReport.self, from: try response.body.data())
    }

    @Test("asking for HTTP/2 negotiates h2 by ALPN: the response and the server both say HTTP/2")
    func negotiated() async throws {
        #expect(CurlDispatcher.features.http2, "this libcurl was built without HTTP/2 (nghttp2)")
        let server = try HTTP2Server.shared()
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: h2Request(server, "/connection")).value
        #expect(response.statusCode.rawValue == 200)
        #expect(response.httpVersion == .http2)
        #expect(try report(response).protocol == "HTTP/2.0")
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.timings.tlsHandshake != nil)
    }

    @Test("without a preference HTTPS negotiates HTTP/2 with nginx; HTTP/1.1 when asked; HTTP/3 refused without QUIC")
    func versions() async throws {
        let server = try HTTP2Server.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        var automatic = h2Request(server, "/connection")
        automatic.options.httpVersion = nil
        #expect(try await dispatcher.dataFuture(from: automatic).value.httpVersion == .http2)
        var http11 = h2Request(server, "/connection")
        http11.options.httpVersion = .http11
        let response = try await dispatcher.dataFuture(from: http11).value
        #expect(response.httpVersion == .http11)
        #expect(try report(response).protocol == "HTTP/1.1")
        // Debian's libcurl has no QUIC: HTTP/3 is refused up front instead of silently downgraded.
        if !CurlDispatcher.features.http3 {
            var http3 = h2Request(server, "/connection")
            http3.options.httpVersion = .http3
            let error = await DispatcherSupport.transportError(dispatcher.dataFuture(from: http3))
            #expect(error?.reason == .unsupportedProtocol)
        }
    }

    @Test("sequential requests reuse one HTTP/2 connection; parallel ones are multiplexed onto it")
    func connectionReuse() async throws {
        let server = try HTTP2Server.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        // Each request is sent when the one before completes, and the ten parallel ones when the
        // fifth does — not when this task resumes: in a full parallel run that came minutes later
        // (see `EventRecorder.on`), after the idle connection was gone.
        let sequential = (0..<5).map { _ in dispatcher.dataFuture(from: h2Request(server, "/connection")) }
        let together = (0..<10).map { _ in dispatcher.dataFuture(from: h2Request(server, "/connection")) }
        for (earlier, later) in zip(sequential, sequential.dropFirst()) {
            earlier.result { _ in later.send() }
        }
        sequential[4].result { _ in together.forEach { $0.send() } }
        var reports: [ConnectionReport] = []
        for future in sequential {
            reports.append(try report(try await future.value))
        }
        let connection = try #require(reports.first).connection
        #expect(reports.allSatisfy { $0.connection == connection })
        #expect(reports.map(\.request) == Array(reports[0].request..<reports[0].request + 5))

        var parallel: [ConnectionReport] = []
        for future in together {
            parallel.append(try report(try await future.value))
        }
        #expect(parallel.count == 10)
        #expect(parallel.allSatisfy { $0.connection == connection })
    }

    @Test(
        "h2c with prior knowledge: each request succeeds over HTTP/2 (before libcurl 8 on a fresh connection); HTTP/1.1 there is a protocol error"
    )
    func priorKnowledge() async throws {
        let server = try HTTP2Server.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        var reports: [ConnectionReport] = []
        for _ in 0..<3 {
            let request = DispatcherSupport.request(server.priorKnowledgeURL("/connection")) {
                $0.options.httpVersion = .http2PriorKnowledge
            }
            let response = try await dispatcher.dataFuture(from: request).value
            #expect(response.httpVersion == .http2)
            reports.append(try report(response))
        }
        #expect(reports.allSatisfy { $0.protocol == "HTTP/2.0" })
        // libcurl 7.x fails the second request on a reused h2c connection (curl issue 10634), so
        // the transport opens one per request there; from 8.0 the connection is shared.
        let connections = Set(reports.map(\.connection)).count
        #expect(connections == (CurlDispatcher.features.versionNumber >= 0x08_00_00 ? 1 : 3))

        var body = DispatcherSupport.request(server.priorKnowledgeURL("/echo"), method: .put) {
            $0.options.httpVersion = .http2PriorKnowledge
        }
        body.setBody(data: Data("h2c body".utf8), contentType: "text/plain")
        let echo = try Echo(try await dispatcher.dataFuture(from: body).value)
        #expect(echo.method == "PUT")
        #expect(String(decoding: echo.bodyData, as: UTF8.self) == "h2c body")

        // HTTP/1.1 to a port that speaks only h2c gets no HTTP/1.x answer: an invalid-HTTP error.
        let http11 = DispatcherSupport.request(server.priorKnowledgeURL("/connection")) {
            $0.options.httpVersion = .http11
        }
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: http11)))
        #expect(error.reason == .protocolError)
        #expect(ErrorTranslator.standard.translate(error).title == "Invalid HTTP response")
    }

    @Test("rounds of parallel HTTP/2 requests on recycled easy handles all succeed")
    func parallelRoundsOnRecycledHandles() async throws {
        // libcurl 7.88 keeps a handle's receive buffer across curl_easy_reset after HTTP/2 transfers
        // and then refuses CURLOPT_BUFFERSIZE: requests on recycled handles used to fail with code 43.
        let server = try HTTP2Server.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        for _ in 0..<5 {
            let failures = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        switch await dispatcher.dataFuture(from: h2Request(server, "/connection")).fetchResult() {
                        case .success(let response): response.httpVersion == .http2 ? nil : "\(response.httpVersion)"
                        case .failure(let error): "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
            }
            #expect(failures.isEmpty, "\(failures.count) of 20 failed: \(failures.first ?? "")")
        }
    }

    @Test("a POST body travels over HTTP/2 to the server behind nginx and comes back intact")
    func postOverHTTP2() async throws {
        let server = try HTTP2Server.shared()
        var request = h2Request(server, "/echo", method: .post)
        request.setJSONBody(string: #"{"over": "h2"}"#)
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.httpVersion == .http2)
        let echo = try Echo(response)
        #expect(echo.method == "POST")
        #expect(String(decoding: echo.bodyData, as: UTF8.self) == #"{"over": "h2"}"#)
        #expect(echo.values("content-type") == ["application/json"])
    }
}
