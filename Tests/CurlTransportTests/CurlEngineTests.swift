import CCurl
import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

@Suite("CurlEngine against the loopback server")
struct CurlEngineTests {
    @Test(
        "every method and its body are sent as given", arguments: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    func methodsAndBodies(method: String) async throws {
        let harness = try EngineHarness()
        let payload = Data("{\"method\":\"\(method)\"}".utf8)
        let body: TransferSpec.Body = method == "GET" ? .none : .bytes(payload)
        var spec = harness.spec("/echo?q=1", method: method, body: body)
        spec.headers = [("Content-Type", "application/json")]
        let outcome = try await harness.outcome(spec)
        #expect(outcome.status == 200)
        let echo = try Echo(outcome)
        #expect(echo.method == method)
        #expect(echo.query == "q=1")
        #expect(echo.bodyData == (method == "GET" ? Data() : payload))
    }

    @Test("an empty body and a body with a NUL byte are sent as they are (curl copies the bytes it is given)")
    func emptyAndBinaryBodies() async throws {
        let harness = try EngineHarness()
        for payload in [Data(), Data([0x41, 0x00, 0x42, 0xFF])] {
            let echo = try Echo(await harness.outcome(harness.spec("/echo", method: "POST", body: .bytes(payload))))
            #expect(echo.method == "POST")
            #expect(echo.bodyData == payload)
        }
    }

    @Test("HEAD gets headers and no body")
    func head() async throws {
        let harness = try EngineHarness()
        let outcome = try await harness.outcome(harness.spec("/json", method: "HEAD"))
        #expect(outcome.status == 200)
        #expect(outcome.text.isEmpty)
        #expect(outcome.header("content-length").first.flatMap(Int.init) ?? 0 > 0)
    }

    @Test("request headers keep duplicates and case; response headers keep duplicates, order and case")
    func duplicateAndMixedCaseHeaders() async throws {
        let harness = try EngineHarness()
        var spec = harness.spec("/echo")
        spec.headers = [("X-Trace", "one"), ("x-trace", "two"), ("X-MiXeD", "Case"), ("X-Empty", "")]
        let echo = try Echo(await harness.outcome(spec))
        #expect(echo.values("x-trace") == ["one", "two"])
        #expect(echo.headers.contains(["X-MiXeD", "Case"]))
        #expect(echo.values("x-empty") == [""])

        let response = try await harness.outcome(harness.spec("/headers/duplicate"))
        let names = response.headers.map(\.name)
        #expect(names.contains("X-MiXeD-CaSe"))
        #expect(response.header("x-dup") == ["one", "two"])
        #expect(response.header("set-cookie") == ["a=1; Path=/", "b=2; Path=/"])
        #expect(response.reason == "OK")
        #expect(response.httpVersion == "HTTP/1.1")
    }

    @Test("a chunked body arrives whole")
    func chunked() async throws {
        let harness = try EngineHarness()
        let outcome = try await harness.outcome(harness.spec("/chunked?chunks=50"))
        #expect(outcome.header("transfer-encoding") == ["chunked"])
        #expect(outcome.text == (0..<50).map { "chunk \($0)\n" }.joined())
    }

    @Test("a gzip body is decoded automatically, and left alone when compression is off")
    func gzip() async throws {
        let harness = try EngineHarness()
        let decoded = try await harness.outcome(harness.spec("/gzip"))
        #expect(decoded.header("content-encoding") == ["gzip"])
        #expect(decoded.text.hasPrefix("{\"compressed\": true"))
        var raw = harness.spec("/gzip")
        raw.acceptCompression = false
        let compressed = try await harness.outcome(raw)
        guard case .memory(let bytes) = compressed.body else { throw CancellationError() }
        #expect(bytes.prefix(2) == Data([0x1f, 0x8b]))
    }

    @Test("redirects are followed up to the limit, with the effective URL and redirect time")
    func redirects() async throws {
        let harness = try EngineHarness()
        var follow = harness.spec("/redirect/3")
        follow.followRedirects = true
        let outcome = try await harness.outcome(follow)
        #expect(outcome.status == 200)
        #expect(outcome.effectiveURL.hasSuffix("/redirect/0"))
        #expect(try Echo(outcome).path == "/redirect/0")

        var limited = harness.spec("/redirect/5")
        limited.followRedirects = true
        limited.maxRedirects = 2
        let failure = try await harness.failure(limited)
        #expect(failure.cause == .curl(Int(CURLE_TOO_MANY_REDIRECTS.rawValue)))

        let notFollowed = try await harness.outcome(harness.spec("/redirect/1"))
        #expect(notFollowed.status == 302)
        #expect(notFollowed.header("location") == ["/redirect/0"])
    }

    @Test("a POST answered with 303 is followed with a GET and no body")
    func seeOther() async throws {
        let harness = try EngineHarness()
        var spec = harness.spec("/see-other", method: "POST", body: .bytes(Data("a=b".utf8)))
        spec.followRedirects = true
        let echo = try Echo(await harness.outcome(spec))
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo")
        #expect(echo.length == 0)
    }

    @Test("a slow response hits the total timeout after connecting")
    func totalTimeout() async throws {
        let harness = try EngineHarness()
        var spec = harness.spec("/slow?seconds=10")
        spec.totalTimeoutMilliseconds = 300
        let failure = try await harness.failure(spec)
        #expect(failure.cause == .curl(Int(CURLE_OPERATION_TIMEDOUT.rawValue)))
        #expect(failure.connected)
    }

    @Test("connection refused on a port nobody listens on")
    func connectionRefused() async throws {
        let harness = try EngineHarness()
        let port = try closedPort()
        var spec = TransferSpec(url: "http://127.0.0.1:\(port)/")
        spec.totalTimeoutMilliseconds = 10_000
        let failure = try await harness.failure(spec)
        #expect(failure.cause == .curl(Int(CURLE_COULDNT_CONNECT.rawValue)))
    }

    @Test("the server closing mid-body is a partial-body failure")
    func closeMidBody() async throws {
        let harness = try EngineHarness()
        let failure = try await harness.failure(harness.spec("/close-mid-body"))
        #expect(failure.cause == .curl(Int(CURLE_PARTIAL_FILE.rawValue)))
    }

    @Test("cancel mid-transfer completes as cancelled and the server sees the connection close")
    func cancelMidTransfer() async throws {
        let harness = try EngineHarness()
        let id = UUID().uuidString
        let spec = harness.spec("/slow?seconds=600&id=\(id)")
        // Cancelled from its own progress callback (on the network thread) once the body flows:
        // not from a task, which may wait for a thread longer than the response lasts.
        let transfer = LockedValue<CurlTransfer?>(nil)
        let result = await withCheckedContinuation { continuation in
            let observed = CurlTransfer(
                spec: spec,
                onProgress: { counts in
                    if counts.received > 0, let observed = transfer.value { harness.engine.cancel(observed) }
                },
                onComplete: { continuation.resume(returning: $0) })
            transfer.update { $0 = observed }
            harness.engine.submit(observed)
        }
        transfer.update { $0 = nil }
        guard case .failure(let failure) = result else {
            Issue.record("expected cancellation")
            return
        }
        #expect(failure.cause == .cancelled)
        let disconnected = try await harness.outcome(harness.spec("/disconnected?id=\(id)"))
        #expect(disconnected.status == 200)
    }

    @Test("a body over the memory limit goes to a temporary file")
    func spillToFile() async throws {
        let harness = try EngineHarness()
        var spec = harness.spec("/bytes?size=1000000")
        spec.memoryLimit = 64 * 1024
        let outcome = try await harness.outcome(spec)
        guard case .file(let url, let size) = outcome.body else {
            Issue.record("expected a file body")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(size == 1_000_000)
        let data = try Data(contentsOf: url)
        #expect(data.count == 1_000_000)
        #expect(data.prefix(4) == Data([0, 1, 2, 3]))
    }

    @Test("a 300 MB body streams to a temporary file and is never held in memory")
    func largeBodyToFile() async throws {
        let harness = try EngineHarness()
        let size = 300 * 1024 * 1024
        let outcome = try await harness.outcome(harness.spec("/bytes?size=\(size)"))
        guard case .file(let url, let written) = outcome.body else {
            Issue.record("expected a file body")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(written == Int64(size))
        #expect(try url.resourceValues(forKeys: [.fileSizeKey]).fileSize == size)
        // Content-Length is past the 256 MB limit, so the body went straight to disk.
        #expect(outcome.peakMemoryBytes == 0)
    }

    @Test("a body of unknown length spills to disk at the memory limit, so memory stays bounded")
    func unknownLengthSpills() async throws {
        let harness = try EngineHarness()
        var spec = harness.spec("/chunked?chunks=20000")
        spec.memoryLimit = 10_000
        let outcome = try await harness.outcome(spec)
        guard case .file(let url, let written) = outcome.body else {
            Issue.record("expected a file body")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = (0..<20_000).map { "chunk \($0)\n" }.joined()
        #expect(written == Int64(expected.utf8.count))
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
        #expect(outcome.peakMemoryBytes <= 10_000)
    }

    @Test("a file upload is streamed from disk and arrives intact")
    func fileUpload() async throws {
        let harness = try EngineHarness()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-upload-\(UUID().uuidString)")
        let content = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let echo = try Echo(
            await harness.outcome(harness.spec("/echo", method: "PUT", body: .stream([.file(path: file.path)]))))
        #expect(echo.method == "PUT")
        #expect(echo.length == content.count)
        #expect(echo.bodyData == content)

        let missing = try await harness.failure(
            harness.spec("/echo", method: "POST", body: .stream([.file(path: "/nonexistent/x")])))
        #expect(missing.cause == .uploadFileUnreadable("/nonexistent/x"))

        // A FIFO would block the network thread when opened (and never end): refused up front.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        for path in [fifo.path, "/dev/zero"] {
            let refused = try await harness.failure(
                harness.spec("/echo", method: "PUT", body: .stream([.file(path: path)])))
            #expect(refused.cause == .uploadFileUnreadable(path))
            #expect(refused.message.contains("not a regular file"))
        }
    }

    @Test("a streamed upload is rewound and sent again when a 307 redirect asks for it")
    func uploadRewoundOnRedirect() async throws {
        let harness = try EngineHarness()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-rewind-\(UUID().uuidString)")
        try Data(repeating: 0x41, count: 100_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var spec = harness.spec(
            "/temporary-redirect", method: "PUT", body: .stream([.data(Data("head-".utf8)), .file(path: file.path)]))
        spec.followRedirects = true
        let echo = try Echo(await harness.outcome(spec))
        #expect(echo.method == "PUT")
        #expect(echo.length == 100_005)
        #expect(echo.bodyData.prefix(6) == Data("head-A".utf8))
    }

    @Test("multipart upload streamed from literal runs and a file")
    func multipart() async throws {
        let harness = try EngineHarness()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-part-\(UUID().uuidString).txt")
        try Data("file contents\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let boundary = "lazer-test-boundary"
        let segments: [TransferSpec.UploadSegment] = [
            .data(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nhello\r\n".utf8)),
            .data(
                Data(
                    ("--\(boundary)\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"notes.txt\"\r\n"
                        + "Content-Type: text/plain\r\n\r\n").utf8)),
            .file(path: file.path),
            .data(Data("\r\n--\(boundary)--\r\n".utf8)),
        ]
        var spec = harness.spec("/multipart", method: "POST", body: .stream(segments))
        spec.headers = [("Content-Type", "multipart/form-data; boundary=\(boundary)")]
        let outcome = try await harness.outcome(spec)
        struct Parts: Decodable {
            struct Part: Decodable {
                var name: String?
                var filename: String?
                var contentType: String
                var text: String?
            }
            var parts: [Part]
        }
        guard case .memory(let data) = outcome.body else { throw CancellationError() }
        let decoded = try JSONDecoder().decode(Parts.self, from: data)
        #expect(decoded.parts.count == 2)
        #expect(decoded.parts.first?.name == "title")
        #expect(decoded.parts.first?.text == "hello")
        #expect(decoded.parts.last?.filename == "notes.txt")
        #expect(decoded.parts.last?.contentType == "text/plain")
        #expect(decoded.parts.last?.text == "file contents\n")
    }

    @Test("HTTPS with a self-signed certificate: rejected by default, accepted with its CA, accepted insecure")
    func selfSignedTLS() async throws {
        let harness = try EngineHarness()
        var spec = TransferSpec(url: harness.server.tlsURL("/json").absoluteString)
        spec.totalTimeoutMilliseconds = 30_000
        let rejected = try await harness.failure(spec)
        #expect(rejected.cause == .curl(Int(CURLE_PEER_FAILED_VERIFICATION.rawValue)))
        #expect(rejected.verifyResult == 18)  // X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT

        var trusted = spec
        trusted.caFile = harness.server.certificate.certificateFile.path
        let outcome = try await harness.outcome(trusted)
        #expect(outcome.status == 200)
        #expect(outcome.timings.tlsHandshake > .zero)

        var insecure = spec
        insecure.verifyTLS = false
        #expect(try await harness.outcome(insecure).status == 200)

        var unreadable = spec
        unreadable.caFile = "/nonexistent/ca.pem"
        let badCA = try await harness.failure(unreadable)
        #expect(badCA.cause == .curl(Int(CURLE_SSL_CACERT_BADFILE.rawValue)))
    }

    @Test("hundreds of transfers in flight all complete, over reused connections")
    func manyInFlight() async throws {
        let harness = try EngineHarness()
        let count = 300
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    let outcome = try? await harness.outcome(harness.spec("/echo?n=\(index)"))
                    return outcome?.status ?? 0
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == count)
        #expect(statuses.allSatisfy { $0 == 200 })

        // Sequential requests reuse one connection: only the first one connects.
        var connects: [Duration] = []
        for _ in 0..<3 {
            connects.append(try await harness.outcome(harness.spec("/json")).timings.connect)
        }
        #expect(connects.dropFirst().allSatisfy { $0 == .zero })
    }

    @Test("timings are ordered and the remote address is the loopback server")
    func timingsAndAddress() async throws {
        let harness = try EngineHarness()
        let outcome = try await harness.outcome(harness.spec("/bytes?size=10000"))
        let timings = outcome.timings
        #expect(timings.total >= timings.firstByte)
        #expect(timings.firstByte >= timings.preTransfer)
        #expect(timings.total > .zero)
        #expect(outcome.remoteAddress == "127.0.0.1:\(harness.server.port)")
        #expect(outcome.downloadedBytes == 10_000)
        #expect(outcome.headerBytes > 0)
    }

    @Test("cookies set by one response are sent by the next, and persisted to the cookie file")
    func cookies() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-cookies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let harness = try EngineHarness(configuration: .init(cookieFile: file.path))
            _ = try await harness.outcome(harness.spec("/cookies/set?session=abc"))
            #expect(try await harness.outcome(harness.spec("/cookies")).text == "session=abc")
            harness.engine.shutdown()
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("session\tabc"))
        let reloaded = try EngineHarness(configuration: .init(cookieFile: file.path))
        #expect(try await reloaded.outcome(reloaded.spec("/cookies")).text == "session=abc")
        reloaded.engine.shutdown()
    }

    @Test("after shutdown a submitted transfer fails instead of hanging")
    func submitAfterShutdown() async throws {
        let harness = try EngineHarness()
        harness.engine.shutdown()
        let failure = try await harness.failure(harness.spec("/json"))
        #expect(failure.cause == .engineStopped)
    }

    @Test("shutdown with a transfer in flight returns only after the thread has ended, so process exit never races it")
    func shutdownJoinsTheThread() async throws {
        let harness = try EngineHarness()
        let started = ProgressLog()
        let result = await withCheckedContinuation { continuation in
            harness.engine.submit(
                CurlTransfer(
                    spec: harness.spec("/slow?seconds=600"),
                    onProgress: { counts in
                        // Shut down from another thread once the response is under way.
                        if started.all.isEmpty, counts.received > 0 {
                            started.append(counts)
                            Thread { harness.engine.shutdown() }.start()
                        }
                    },
                    onComplete: { continuation.resume(returning: $0) }))
        }
        #expect(throws: CurlFailure.self) { try result.get() }
        let clock = ContinuousClock()
        let waited = clock.measure { harness.engine.shutdown() }
        // shutdown waits for the thread, but at most 10 s: a machine that starves the thread longer
        // (a full test run on two cores can) sees shutdown return at its deadline, never before.
        #expect(harness.engine.isStopped || waited >= .seconds(10))
        harness.engine.shutdown()
        #expect(harness.engine.isStopped)
        #expect(!harness.engine.isRegisteredForExit)
    }

    @Test("progress is reported while a body downloads, throttled, ending with the final count")
    func progress() async throws {
        let harness = try EngineHarness()
        let seen = ProgressLog()
        let result = await withCheckedContinuation { continuation in
            harness.engine.submit(
                CurlTransfer(
                    spec: harness.spec("/slow?seconds=0.6"), onProgress: { seen.append($0) },
                    onComplete: { continuation.resume(returning: $0) }))
        }
        let outcome = try result.get()
        #expect(outcome.status == 200)
        let reports = seen.all
        // At most one report per 100 ms of the transfer, plus the final one (and one for rounding).
        #expect(!reports.isEmpty)
        #expect(reports.count <= Int(outcome.timings.total / .milliseconds(100)) + 2)
        #expect(reports.last?.received == Int64(outcome.text.utf8.count))
    }
}

/// Progress reports collected from the network thread.
final class ProgressLog: Sendable {
    private let counts = LockedValue<[TransferCounts]>([])
    func append(_ value: TransferCounts) { counts.update { $0.append(value) } }
    var all: [TransferCounts] { counts.value }
}
