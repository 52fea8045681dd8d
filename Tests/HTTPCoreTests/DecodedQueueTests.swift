import Dispatch
import Foundation
import Futures
import HTTPCore
import Testing

/// The queue-specific key that marks the decoding queue in this test.
private let decodingQueueKey = DispatchSpecificKey<String>()

/// A model that remembers which queue decoded it.
private struct QueueProbe: Decodable, Sendable {
    let decodedOn: String?

    init(from decoder: any Decoder) throws {
        decodedOn = DispatchQueue.getSpecific(key: decodingQueueKey)
    }
}

@Suite("decoded(_:) threading")
struct DecodedQueueTests {
    @Test("decoding runs on the queue given to decoded(_:on:), not on the caller's")
    func runsOnGivenQueue() async throws {
        let queue = DispatchQueue(label: "lazer.test.decoding")
        queue.setSpecific(key: decodingQueueKey, value: "decoding")
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        try mock.register(.get, "/probe", responses: .text("{}"))
        let request = HTTPRequest(url: try testURL("https://api.test/probe"))
        let response = try await mock.dataFuture(from: request).decoded(QueueProbe.self, on: queue).value
        #expect(response.body.decodedOn == "decoding")
        #expect(DispatchQueue.getSpecific(key: decodingQueueKey) == nil)
    }
}
