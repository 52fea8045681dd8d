import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

@Suite("Accept-Encoding: the encodings libcurl decodes, sent as one prepared list")
struct AcceptEncodingTests {
    @Test("the header lists exactly what the loaded libcurl can decode, and is absent with compression off")
    func listMatchesFeatures() async throws {
        let harness = try EngineHarness()
        let features = CurlFeatures.current
        var expected: [String] = []
        if features.gzip { expected += ["deflate", "gzip"] }
        if features.gzip, features.brotli { expected.append("br") }
        if features.gzip, features.zstd { expected.append("zstd") }

        var spec = harness.spec("/echo")
        spec.acceptCompression = true
        let sent = try Echo(try await harness.outcome(spec)).values("accept-encoding")
        #expect(sent == (expected.isEmpty ? [] : [expected.joined(separator: ", ")]))

        spec.acceptCompression = false
        #expect(try Echo(try await harness.outcome(spec)).values("accept-encoding").isEmpty)
        harness.engine.shutdown()
    }
}
