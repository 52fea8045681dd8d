import CCurl
import Foundation
import HTTPCore
import LoopbackTesting
import Testing

@testable import CurlTransport

/// Easy handles are reset and reused between transfers: nothing one request set may reach the next.
@Suite("CurlHandlePool: recycled easy handles carry nothing over")
struct CurlHandlePoolTests {
    @Test(
        "a request with method, body, headers, credentials, user agent and redirects, then a plain one on the same handle"
    )
    func optionsDoNotLeak() async throws {
        let harness = try EngineHarness()
        var custom = harness.spec("/echo?first", method: "PATCH", body: .bytes(Data("payload".utf8)))
        custom.headers = [("X-Leak", "yes"), ("Content-Type", "text/plain")]
        custom.userAgent = "custom-agent"
        custom.authentication = .init(scheme: .basic, username: "user", password: "secret")
        custom.followRedirects = true
        custom.acceptCompression = true
        let first = try Echo(try await harness.outcome(custom))
        #expect(first.method == "PATCH")
        #expect(first.values("x-leak") == ["yes"])
        #expect(first.values("user-agent") == ["custom-agent"])
        #expect(first.values("authorization").count == 1)
        #expect(first.values("accept-encoding").count == 1)

        var plain = harness.spec("/echo?second")
        plain.acceptCompression = false
        let second = try Echo(try await harness.outcome(plain))
        #expect(second.method == "GET")
        #expect(second.length == 0)
        #expect(second.values("x-leak").isEmpty)
        #expect(second.values("content-type").isEmpty)
        #expect(second.values("user-agent").isEmpty)
        #expect(second.values("authorization").isEmpty)
        #expect(second.values("accept-encoding").isEmpty)

        // Redirects were followed for the first request only.
        let redirect = try await harness.outcome(harness.spec("/redirect/1"))
        #expect(redirect.status == 302)

        // One handle served all three, one after another.
        #expect(harness.engine.handleStatistics.created == 1)
        #expect(harness.engine.handleStatistics.reused == 2)
        harness.engine.shutdown()
    }

    @Test("a total timeout set for one request does not cut short the next one on the same handle")
    func timeoutDoesNotLeak() async throws {
        let harness = try EngineHarness()
        // The limit leaves a loaded machine time to answer the first request (300 ms timed out
        // once under a full parallel suite); the second outlasts it, so a leaked limit cuts it.
        var quick = harness.spec("/json")
        quick.totalTimeoutMilliseconds = 1500
        quick.connectTimeoutMilliseconds = 1500
        #expect(try await harness.outcome(quick).status == 200)

        var slow = harness.spec("/slow?seconds=2.5")
        slow.totalTimeoutMilliseconds = nil
        let outcome = try await harness.outcome(slow)
        #expect(outcome.status == 200)
        #expect(harness.engine.handleStatistics.created == 1)
        harness.engine.shutdown()
    }

    @Test("handles of failed and cancelled transfers are freed, not reused; downloads get their own handle")
    func failedHandlesAreNotReused() async throws {
        let harness = try EngineHarness()
        var refused = TransferSpec(url: "http://127.0.0.1:\(try closedPort())/")
        refused.totalTimeoutMilliseconds = 30_000
        _ = try await harness.failure(refused)
        #expect(try await harness.outcome(harness.spec("/json")).status == 200)
        #expect(harness.engine.handleStatistics.created == 2)
        #expect(harness.engine.handleStatistics.reused == 0)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-pool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var download = harness.spec("/json")
        download.destination = file
        #expect(try await harness.outcome(download).status == 200)
        #expect(harness.engine.handleStatistics.created == 3)
        #expect(try await harness.outcome(harness.spec("/json")).status == 200)
        #expect(harness.engine.handleStatistics.reused == 1)
        harness.engine.shutdown()
    }

    @Test("cookies still reach later requests on recycled handles")
    func cookiesSurviveReset() async throws {
        let harness = try EngineHarness()
        #expect(try await harness.outcome(harness.spec("/cookies/set?pool=kept")).status == 200)
        #expect(try await harness.outcome(harness.spec("/cookies")).text == "pool=kept")
        #expect(harness.engine.handleStatistics.reused >= 1)
        harness.engine.shutdown()
    }

    @Test("requests with their own cookie jar run on pooled handles, and the shared cookies stay out of them both ways")
    func jarRequestsOnPooledHandles() async throws {
        let harness = try EngineHarness()
        #expect(try await harness.outcome(harness.spec("/cookies/set?shared=1")).status == 200)
        // The handle that took in the shared cookie serves the jar request: it must not send it.
        var reading = harness.spec("/cookies")
        reading.cookieJar = CookieJar()
        #expect(try await harness.outcome(reading).text == "")
        // Nor may a jar request's Set-Cookie land in the shared jar.
        var setting = harness.spec("/cookies/set?own=2")
        setting.cookieJar = CookieJar()
        #expect(try await harness.outcome(setting).status == 200)
        #expect(try await harness.outcome(harness.spec("/cookies")).text == "shared=1")
        // One handle served all four (jar requests used to get a fresh handle each).
        #expect(harness.engine.handleStatistics.created == 1)
        #expect(harness.engine.handleStatistics.reused == 3)
        harness.engine.shutdown()
    }
}
