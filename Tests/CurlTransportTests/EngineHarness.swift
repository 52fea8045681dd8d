import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

/// Runs transfers on a `CurlEngine` and waits for them with `await` (every spec carries a total
/// timeout, so every wait is bounded).
struct EngineHarness {
    let engine: CurlEngine
    let server: LoopbackServer

    init(configuration: CurlEngine.Configuration = CurlEngine.Configuration()) throws {
        engine = CurlEngine(configuration: configuration)
        server = try LoopbackServer.shared()
    }

    /// A spec for `path` on the plain HTTP port with a 30 s total timeout.
    func spec(_ path: String, method: String = "GET", body: TransferSpec.Body = .none) -> TransferSpec {
        var spec = TransferSpec(url: server.url(path).absoluteString)
        spec.method = method
        spec.body = body
        spec.totalTimeoutMilliseconds = 30_000
        return spec
    }

    func run(_ spec: TransferSpec) async -> Result<TransferOutcome, CurlFailure> {
        await withCheckedContinuation { continuation in
            engine.submit(CurlTransfer(spec: spec) { continuation.resume(returning: $0) })
        }
    }

    func outcome(_ spec: TransferSpec) async throws -> TransferOutcome {
        try await run(spec).get()
    }

    func failure(_ spec: TransferSpec) async throws -> CurlFailure {
        switch await run(spec) {
        case .success(let outcome):
            Issue.record("expected a failure, got status \(outcome.status)")
            throw CancellationError()
        case .failure(let failure):
            return failure
        }
    }
}

/// The loopback server's `/echo` answer.
struct Echo: Decodable {
    var method: String
    var path: String
    var query: String
    var headers: [[String]]
    var body: String
    var length: Int
    var sha256: String

    var bodyData: Data { Data(base64Encoded: body) ?? Data() }

    func values(_ name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }

    init(_ outcome: TransferOutcome) throws {
        guard case .memory(let data) = outcome.body else { throw CancellationError() }
        self = try JSONDecoder().decode(Echo.self, from: data)
    }
}

extension TransferOutcome {
    var text: String {
        if case .memory(let data) = body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    func header(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
