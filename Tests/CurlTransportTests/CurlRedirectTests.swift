import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// What a method and body become after a redirect, by the Fetch standard (browsers, curl 8's
/// `CURLFOLLOW_OBEYCODE`): 303 makes everything but GET/HEAD a GET without a body; 301/302 make
/// POST a GET and keep other methods; 307/308 keep everything.
private func expectation(status: Int, method: HTTPMethod) -> (method: String, keepsBody: Bool) {
    let becomesGet = (status == 303) || ((status == 301 || status == 302) && method == .post)
    return becomesGet ? ("GET", false) : (method.rawValue, true)
}

@Suite("CurlDispatcher redirects: methods and bodies across 301/302/303/307/308")
struct CurlRedirectTests {
    private func redirect(_ server: LoopbackServer, status: Int, to location: String = "/echo") -> URL {
        let encoded = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        return server.url("/redirect-to?status=\(status)&location=\(encoded)")
    }

    @Test(
        "POST and custom methods with a body follow the Fetch rules; a dropped body takes its Content-Type along",
        arguments: [301, 302, 303, 307, 308])
    func methodsAndBodies(status: Int) async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            let payload = "payload for \(method.rawValue) \(status)"
            let sent = DispatcherSupport.request(redirect(server, status: status), method: method) {
                $0.options.followRedirects = true
                $0.setBody(data: Data(payload.utf8), contentType: "text/plain")
            }
            let response = try await dispatcher.dataFuture(from: sent).value
            let echo = try Echo(response)
            let expected = expectation(status: status, method: method)
            #expect(echo.method == expected.method, "\(method.rawValue) → \(status)")
            #expect(echo.path == "/echo")
            #expect(String(decoding: echo.bodyData, as: UTF8.self) == (expected.keepsBody ? payload : ""))
            #expect(echo.values("content-type") == (expected.keepsBody ? ["text/plain"] : []))
            #expect(response.url.path == "/echo")
            #expect(response.timings.redirect != nil)
            #expect(response.timings.redirectCount == 1)
        }
    }

    @Test(
        "bodyless custom methods: DELETE and OPTIONS stay themselves except after a 303",
        arguments: [301, 302, 303, 307, 308])
    func bodylessMethods(status: Int) async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        for method in [HTTPMethod.delete, .options, try HTTPMethod(token: "PURGE")] {
            let sent = DispatcherSupport.request(redirect(server, status: status), method: method) {
                $0.options.followRedirects = true
            }
            let echo = try Echo(try await dispatcher.dataFuture(from: sent).value)
            #expect(echo.method == (status == 303 ? "GET" : method.rawValue), "\(method.rawValue) → \(status)")
            #expect(echo.length == 0)
        }
    }

    @Test("GET stays GET and HEAD stays HEAD after a 303")
    func getAndHead() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let get = DispatcherSupport.request(redirect(server, status: 303)) { $0.options.followRedirects = true }
        let got = try await dispatcher.dataFuture(from: get).value
        #expect(try Echo(got).method == "GET")
        #expect(got.timings.redirectCount == 1)
        let head = DispatcherSupport.request(redirect(server, status: 303), method: .head) {
            $0.options.followRedirects = true
        }
        let response = try await dispatcher.dataFuture(from: head).value
        #expect(response.statusCode.rawValue == 200)
        #expect(response.url.path == "/echo")
        #expect(try response.body.data().isEmpty)
    }

    @Test("a custom method's chain keeps the redirect limit, the effective URL and the redirect time")
    func chainAccounting() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let followed = DispatcherSupport.request(server.url("/redirect/3"), method: .delete) {
            $0.options.followRedirects = true
        }
        let response = try await dispatcher.dataFuture(from: followed).value
        #expect(try Echo(response).method == "DELETE")
        #expect(response.url.path == "/redirect/0")
        let timings = response.timings
        let redirect = try #require(timings.redirect)
        let total = try #require(timings.total)
        #expect(redirect > .zero && redirect < total)
        #expect(timings.redirectCount == 3)
        // Every hop's request counts in the bytes sent, so three redirects send over four requests' worth.
        #expect(response.bytesSent > 4 * Int64("DELETE /redirect/0 HTTP/1.1\r\n".utf8.count))

        for limit in [0, 2] {
            let limited = DispatcherSupport.request(server.url("/redirect/3"), method: .delete) {
                $0.options.followRedirects = true
                $0.options.maxRedirects = limit
            }
            let error = await DispatcherSupport.transportError(dispatcher.dataFuture(from: limited))
            #expect(error?.reason == .tooManyRedirects)
            #expect(error.map { ErrorTranslator.standard.translate($0).title } == "Too many redirects")
        }

        let notFollowed = DispatcherSupport.request(server.url("/redirect/3"), method: .delete)
        #expect(try await dispatcher.dataFuture(from: notFollowed).value.statusCode.rawValue == 302)
    }

    @Test("the total timeout bounds the whole chain, not each hop")
    func totalTimeoutSpansHops() async throws {
        let server = try LoopbackServer.shared()
        // Three redirects of 250 ms each: every hop alone fits in 600 ms, the chain does not.
        let slowChain = DispatcherSupport.request(server.url("/redirect/3?delay=0.25"), method: .delete) {
            $0.options.followRedirects = true
            $0.options.totalTimeout = .milliseconds(600)
        }
        let error = await DispatcherSupport.transportError(DispatcherSupport.dispatcher().dataFuture(from: slowChain))
        #expect(error?.reason == .totalTimeout)
    }

    @Test("hops send the previous URL as Referer; credentials stay on the origin they were meant for")
    func refererAndCredentials() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let sameOrigin = DispatcherSupport.request(redirect(server, status: 307), method: .put) {
            $0.options.followRedirects = true
            $0.headers.add(name: "Authorization", value: "Bearer same-origin")
        }
        let kept = try Echo(try await dispatcher.dataFuture(from: sameOrigin).value)
        #expect(kept.values("authorization") == ["Bearer same-origin"])
        #expect(kept.values("referer") == [redirect(server, status: 307).absoluteString])

        let elsewhere = "http://localhost:\(server.port)/echo"
        let crossOrigin = DispatcherSupport.request(redirect(server, status: 307, to: elsewhere), method: .put) {
            $0.options.followRedirects = true
            $0.headers.add(name: "Authorization", value: "Bearer same-origin")
            $0.headers.add(name: "Cookie", value: "session=1")
        }
        let response = try await dispatcher.dataFuture(from: crossOrigin).value
        #expect(response.url.host == "localhost")
        let dropped = try Echo(response)
        #expect(dropped.method == "PUT")
        #expect(dropped.values("authorization").isEmpty)
        #expect(dropped.values("cookie").isEmpty)
    }

    @Test("a PUT streamed from a file is sent again, whole, after a 307")
    func streamedBody() async throws {
        let server = try LoopbackServer.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-redirect-\(UUID().uuidString)")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let sent = DispatcherSupport.request(redirect(server, status: 307), method: .put) {
            $0.options.followRedirects = true
            $0.setFileBody(path: file.path, contentType: "application/octet-stream")
        }
        let echo = try Echo(try await DispatcherSupport.dispatcher().uploadFuture(from: sent).value)
        #expect(echo.method == "PUT")
        #expect(echo.bodyData == bytes)
    }

    @Test("a download with a custom method across a 303 writes only the final body to the destination")
    func downloadAcrossRedirect() async throws {
        let server = try LoopbackServer.shared()
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("lazer-redirect-download-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: destination) }
        let sent = DispatcherSupport.request(redirect(server, status: 303, to: "/json"), method: .delete) {
            $0.options.followRedirects = true
        }
        let response = try await DispatcherSupport.dispatcher().downloadFuture(from: sent, to: destination).value
        #expect(response.statusCode.rawValue == 200)
        #expect(response.url.path == "/json")
        let text = String(decoding: try Data(contentsOf: destination), as: UTF8.self)
        #expect(text == #"{"id": 1, "name": "lazer", "tags": ["a", "b"], "ok": true}"#)
    }

    @Test("cancelling during a later hop of a custom method's chain stops that hop")
    func cancelLaterHop() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let id = UUID().uuidString
        let slow = redirect(server, status: 307, to: "/slow?seconds=600&id=\(id)")
        let future = dispatcher.dataFuture(
            from: DispatcherSupport.request(slow, method: .delete) { $0.options.followRedirects = true })
        await DispatcherSupport.cancelMidBody(future)
        #expect(future.isCancelled)
        let disconnected = DispatcherSupport.request(server.url("/disconnected?id=\(id)"))
        #expect(try await dispatcher.dataFuture(from: disconnected).value.statusCode.rawValue == 200)
    }
}
