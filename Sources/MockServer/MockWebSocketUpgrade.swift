import Foundation
import HTTPCore
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Workspace

/// One connection's answer to an upgrade request the table did not upgrade, handed from the
/// upgrader to the connection's ``MockRequestHandler`` (both on the connection's event loop).
final class MockUpgradeSlot {
    private var answer: MockAnswer?

    func keep(_ answer: MockAnswer) { self.answer = answer }

    func take() -> MockAnswer? {
        defer { answer = nil }
        return answer
    }
}

/// `lazer mock`'s WebSocket routes (issue 25): an upgrade request is matched like any request; a
/// route whose answer has a ``MockWebSocketScript`` is upgraded (101, its headers, the first
/// subprotocol offered, after its delay) and played by ``MockWebSocketHandler``; any other answer is
/// left to the HTTP handler (a refused upgrade, as the client reports it).
enum MockWebSocketUpgrade {
    static func upgrader(
        table: MockRouteTable, slot: MockUpgradeSlot, eventLoop: any EventLoop,
        onRequest: @escaping @Sendable (MockRequestLog) -> Void
    ) -> NIOWebSocketServerUpgrader {
        let slot = NIOLoopBound(slot, eventLoop: eventLoop)
        // The script and log of the upgrade in progress, from `shouldUpgrade` to the pipeline.
        let upgrading = NIOLoopBoundBox<(MockAnswer, ContinuousClock.Instant)?>(nil, eventLoop: eventLoop)
        return NIOWebSocketServerUpgrader(
            maxFrameSize: MockWebSocketHandler.maxMessageBytes, automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                let started = ContinuousClock.now
                let answer = table.answer(MockRequestHandler.request(head, body: .none))
                guard answer.response.webSocket != nil, answer.response.failure == nil else {
                    slot.value.keep(answer)
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                upgrading.value = (answer, started)
                var headers = NIOHTTP1.HTTPHeaders()
                for field in answer.response.headers
                where !MockDispatcher.upgradeFields.contains(field.name.lowercased())
                    && RecordedHeaders.canBeSent(field)
                {
                    headers.add(name: field.name, value: field.value)
                }
                let offered = head.headers[canonicalForm: "Sec-WebSocket-Protocol"].map(String.init)
                if let chosen = MockWebSocketScript.subprotocol(offered: offered) {
                    headers.add(name: "Sec-WebSocket-Protocol", value: chosen)
                }
                let answered = headers
                guard let delay = answer.response.delay, delay > .zero else {
                    return channel.eventLoop.makeSucceededFuture(answered)
                }
                return channel.eventLoop.scheduleTask(in: delay.timeAmount) { answered }.futureResult
            },
            upgradePipelineHandler: { channel, head in
                guard let (answer, started) = upgrading.value, let script = answer.response.webSocket else {
                    return channel.close()
                }
                upgrading.value = nil
                onRequest(
                    MockRequestLog(
                        time: Date(), method: head.method.rawValue, target: head.uri, route: answer.route?.description,
                        status: 101, duration: ContinuousClock.now - started, bytes: 0))
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                            maxAccumulatedFrameSize: MockWebSocketHandler.maxMessageBytes),
                        MockWebSocketHandler(script: script))
                }
            })
    }
}
