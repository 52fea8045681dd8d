import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

/// Handles kept configured between transfers of the same shape, reset between any others.
@Suite("CurlHandleShape: reusing a handle's options only for identical plain transfers")
struct CurlHandleShapeTests {
    @Test("every TransferSpec property is accounted for (a new option must be compared or rule a shape out)")
    func coversEveryProperty() {
        let properties = Set(
            Mirror(reflecting: TransferSpec.Fields(url: "http://x.test/")).children.compactMap(\.label))
        #expect(properties == CurlHandleShape.accountedProperties)
    }

    @Test("only plain transfers have a shape; shapes differ when any option differs")
    func shapes() {
        let plain = TransferSpec(url: "http://x.test/a")
        #expect(CurlHandleShape(plain) != nil)
        var other = plain
        other.url = "http://y.test/b"
        #expect(CurlHandleShape(other) == CurlHandleShape(plain))

        var changes: [(inout TransferSpec) -> Void] = [
            { $0.method = "HEAD" }, { $0.userAgent = "x" }, { $0.totalTimeoutMilliseconds = 5 },
            { $0.connectTimeoutMilliseconds = 5 }, { $0.verifyTLS = false }, { $0.acceptCompression = false },
            { $0.proxy = "http://127.0.0.1:1" }, { $0.version = .http11 }, { $0.caFile = "/ca.pem" },
        ]
        for change in changes {
            var changed = plain
            change(&changed)
            #expect(CurlHandleShape(changed) != CurlHandleShape(plain))
        }
        changes = [
            { $0.body = .bytes(Data("x".utf8)) }, { $0.headers = [("X", "y")] }, { $0.suppressedHeaders = ["A"] },
            { $0.authentication = .init(scheme: .basic, username: "u", password: "p") },
            { $0.followRedirects = true }, { $0.destination = URL(fileURLWithPath: "/tmp/x") },
            { $0.version = .http2PriorKnowledge },
        ]
        for change in changes {
            var changed = plain
            change(&changed)
            #expect(CurlHandleShape(changed) == nil)
        }
    }

    @Test("the same plain request again keeps the handle's options; another shape resets it first")
    func keepAndReset() async throws {
        let harness = try EngineHarness()
        let statistics = harness.engine.handleStatistics
        var first = harness.spec("/echo?first")
        first.userAgent = "agent-a"
        var again = first
        again.url = harness.server.url("/echo?again").absoluteString
        #expect(try Echo(try await harness.outcome(first)).values("user-agent") == ["agent-a"])
        let second = try Echo(try await harness.outcome(again))
        #expect(second.values("user-agent") == ["agent-a"])
        #expect(second.query == "again")
        #expect(statistics.keptConfigured == 1)

        var otherAgent = first
        otherAgent.userAgent = "agent-b"
        #expect(try Echo(try await harness.outcome(otherAgent)).values("user-agent") == ["agent-b"])
        #expect(statistics.keptConfigured == 1)

        // HEAD then GET on the same handle: the GET gets its body back.
        var head = first
        head.method = "HEAD"
        let headOutcome = try await harness.outcome(head)
        #expect(headOutcome.status == 200)
        #expect(headOutcome.downloadedBytes == 0)
        let get = try await harness.outcome(first)
        #expect(try Echo(get).method == "GET")
        #expect(statistics.keptConfigured == 1)
        #expect(statistics.created == 1)
        harness.engine.shutdown()
    }

    @Test("many requests of one shape in flight at once all arrive intact on kept handles")
    func manyKept() async throws {
        let harness = try EngineHarness()
        for round in 0..<3 {
            let queries = await withTaskGroup(of: String?.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let outcome = try? await harness.outcome(harness.spec("/echo?r\(round)n\(index)"))
                        return outcome.flatMap { try? Echo($0).query }
                    }
                }
                return await group.reduce(into: Set<String?>()) { $0.insert($1) }
            }
            #expect(queries == Set((0..<16).map { "r\(round)n\($0)" }))
        }
        #expect(harness.engine.handleStatistics.keptConfigured >= 16)
        harness.engine.shutdown()
    }
}
