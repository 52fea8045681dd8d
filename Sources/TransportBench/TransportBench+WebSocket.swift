import Foundation
import HTTPCore
import WebSocketTransport

extension TransportBench {
    /// `ws-echo URL COUNT SIZE`: COUNT round trips of SIZE-byte text messages on one connection
    /// through the NIO WebSocket transport (what the explorer and `lazer run` use), each message sent
    /// once the previous echo came back, as `scripts/bench/ws-echo-client.py` does with Python's
    /// `websockets`. Prints round trips a second, MB/s each way, and resident memory before the
    /// first message, after the last, and at its peak (VmHWM).
    static func webSocketEcho(url: URL, count: Int, size: Int) async {
        var request = WebSocketRequest(url: url, connectTimeout: .seconds(30))
        request.maxMessageBytes = max(request.maxMessageBytes, size * 2)
        let session: any WebSocketSession
        do {
            session = try await NIOWebSocketConnector().connect(request)
        } catch {
            fail("ws-echo: \(error)")
        }
        // On the connection's event loop, as `lazer send` and the explorer consume a WebSocket.
        await withTaskExecutorPreference(session.preferredExecutor) {
            await roundTrips(session, count: count, size: size)
        }
    }

    private static func roundTrips(_ session: any WebSocketSession, count: Int, size: Int) async {
        let message = WebSocketMessage.text(String(repeating: "x", count: size))
        var events = session.events.makeAsyncIterator()
        let before = residentMegabytes("VmRSS")
        let start = ContinuousClock.now
        for _ in 0..<count {
            session.send(message)
            waiting: while let event = await events.next() {
                switch event {
                case .received(let echo):
                    guard echo.byteCount == size else { fail("ws-echo: an echo of \(echo.byteCount) bytes") }
                    break waiting
                case .closed(let close): fail("ws-echo: closed before the last echo: \(close)")
                default: continue
                }
            }
        }
        let elapsed = seconds(ContinuousClock.now - start)
        let after = residentMegabytes("VmRSS")
        session.close()
        while let event = await events.next() {
            if case .closed = event { break }
        }
        let megabytes = Double(count) * Double(size) / 1_048_576
        print(
            String(
                format: "%.0f round trips/s, %.1f MB/s each way, RSS %.1f MB before, %.1f MB after, peak %.1f MB",
                Double(count) / elapsed, megabytes / elapsed, before, after, residentMegabytes("VmHWM")))
    }
}
