import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

/// URLs go to libcurl parsed (`CURLOPT_CURLU`), from a bounded cache; anything libcurl's URL parser
/// rejects still goes as text and fails the way it always did.
@Suite("Parsed URLs: each transfer reaches its own URL, through the cache and past its bound")
struct CurlURLCacheTests {
    @Test("the same text gives the same parsed URL; a full cache starts over; rejected text gives none")
    func cache() {
        let cache = CurlURLCache(capacity: 2)
        let first = cache.parsedURL("http://127.0.0.1:1/a")
        #expect(first != nil)
        #expect(cache.parsedURL("http://127.0.0.1:1/a") === first)
        _ = cache.parsedURL("http://127.0.0.1:1/b")
        #expect(cache.count == 2)
        _ = cache.parsedURL("http://127.0.0.1:1/c")
        #expect(cache.count == 1)
        #expect(cache.parsedURL("http://127.0.0.1:1/a") !== first)
        #expect(cache.parsedURL("http://[::1/") == nil)
    }

    @Test("transfers on one kept handle, over more distinct URLs than the cache holds, each reach their own")
    func manyURLsOnKeptHandles() async throws {
        var configuration = CurlEngine.Configuration()
        configuration.parsedURLCacheSize = 4
        let harness = try EngineHarness(configuration: configuration)
        // Sequential, so one handle serves them all with its options kept (only the URL changes),
        // and the 4-entry cache is emptied on the way while the handle still points at old URLs.
        for index in 0..<14 {
            let echo = try Echo(try await harness.outcome(harness.spec("/echo?n=\(index % 7)")))
            #expect(echo.query == "n=\(index % 7)")
        }
        #expect(harness.engine.handleStatistics.created == 1)
        harness.engine.shutdown()
    }

    @Test("in flight together, 200 transfers to 100 URLs each get their own answer")
    func concurrentDistinctURLs() async throws {
        let harness = try EngineHarness()
        let queries = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let echo = try? Echo(try await harness.outcome(harness.spec("/echo?n=\(index % 100)")))
                    return (index, echo?.query)
                }
            }
            var seen: [Int: String?] = [:]
            for await (index, query) in group { seen[index] = query }
            return seen
        }
        for index in 0..<200 { #expect(queries[index] == "n=\(index % 100)") }
        harness.engine.shutdown()
    }

    @Test("a URL libcurl's parser rejects fails as a malformed URL, as it did as text")
    func rejectedURL() async throws {
        let harness = try EngineHarness()
        var spec = TransferSpec(url: "http://[::1/")
        spec.totalTimeoutMilliseconds = 5_000
        let failure = try await harness.failure(spec)
        #expect(failure.cause == .curl(3))  // CURLE_URL_MALFORMAT
        // The handle that failed is freed; the next request, parsed, works.
        let echo = try Echo(try await harness.outcome(harness.spec("/echo?after")))
        #expect(echo.query == "after")
        harness.engine.shutdown()
    }
}
