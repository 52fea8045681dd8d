public import Foundation

/// One canned answer: a status, headers and body after an optional delay — or a transport failure.
public struct MockResponse: Hashable, Sendable {
    public var status: StatusCode
    public var headers: HTTPHeaders
    public var body: MockBody
    /// How long the answer takes, measured by the dispatcher's ``DelayScheduler``.
    public var delay: Duration?
    /// When set, the exchange fails with this error instead of answering (simulate DNS failures, timeouts).
    public var failure: TransportError?
    /// A streamed body (SSE, NDJSON): its pieces with their delays. `body` then holds them all,
    /// for a client that takes the response whole.
    public var stream: [MockStreamChunk]?
    /// The pieces of `stream` play again and again until the client goes (when some piece has a
    /// delay: a loop without one would never pause). `body` holds one round.
    public var loopsStream = false
    /// A WebSocket route's answer to an upgrade: the connection is upgraded (101) and messages are
    /// answered by this script. A request that does not ask for an upgrade gets the rest of the
    /// response (a 426 when built from a collection).
    public var webSocket: MockWebSocketScript?
    /// The body is sent at this rate (a slow network, offline): a slice every 100 ms (``pace(_:)``)
    /// after the head, which comes after `delay`. Nil: all at once.
    public var bytesPerSecond: Int?

    public init(
        status: StatusCode = .ok, headers: HTTPHeaders = HTTPHeaders(), body: MockBody = .empty, delay: Duration? = nil,
        failure: TransportError? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.failure = failure
    }

    /// How a body paced at `bytesPerSecond` is sent: `slice` bytes every `interval` (100 ms; a
    /// byte at a time, further apart, below 10 bytes a second).
    public static func pace(_ bytesPerSecond: Int) -> (slice: Int, interval: Duration) {
        let rate = max(1, bytesPerSecond)
        return rate >= 10 ? (rate / 10, .milliseconds(100)) : (1, .milliseconds(1000 / rate))
    }

    /// A streamed answer: `chunks` sent one after another, each after its delay.
    public static func streamed(
        _ chunks: [MockStreamChunk], status: StatusCode = .ok, headers: HTTPHeaders = HTTPHeaders(),
        delay: Duration? = nil
    ) -> MockResponse {
        var response = MockResponse(
            status: status, headers: headers, body: .data(chunks.reduce(into: Data()) { $0 += $1.data }), delay: delay)
        response.stream = chunks
        return response
    }

    /// A JSON answer from an `Encodable` value, with `Content-Type: application/json`.
    public static func json<Value: Encodable>(
        _ value: Value, status: StatusCode = .ok, headers: HTTPHeaders = HTTPHeaders(),
        encoder: JSONEncoder = JSONEncoder(), delay: Duration? = nil
    ) throws(MockError) -> MockResponse {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .bodyEncodingFailed("\(Value.self): \(error)")
        }
        return .jsonText(data, status: status, headers: headers, delay: delay)
    }

    /// A JSON answer from JSON bytes, with `Content-Type: application/json`.
    public static func jsonText(
        _ data: Data, status: StatusCode = .ok, headers: HTTPHeaders = HTTPHeaders(), delay: Duration? = nil
    ) -> MockResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers["Content-Type"] = "application/json" }
        return MockResponse(status: status, headers: headers, body: .data(data), delay: delay)
    }

    /// A text answer with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ text: String, status: StatusCode = .ok, delay: Duration? = nil) -> MockResponse {
        MockResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(text), delay: delay)
    }

    /// A transport failure instead of an answer.
    public static func failing(_ reason: TransportError.Reason, message: String = "", delay: Duration? = nil)
        -> MockResponse
    {
        MockResponse(status: StatusCode(0), delay: delay, failure: TransportError(reason, message: message))
    }
}
