import Dispatch
public import Futures
import Synchronization

/// SSE reconnection (WHATWG "reestablish the connection"): when the server closes an event stream
/// that answered 200, the request goes again after the stream's `retry` time (3 s unless the
/// server set one, at most a minute), with `Last-Event-ID` when the server gave IDs, up to
/// `attempts` times. The connections are one stream: its events are numbered on, its limits
/// (`maxEvents`, `maxDuration`, a stop) count over all of them and end the wait between them, and
/// the future completes once with the first answer's head and every connection's body joined
/// (`ResponseBody.joined`), so checks read the same events the user watched arrive.
///
/// A connection cut after it began streaming (a reset, a close inside the body) counts as closed:
/// its events are joined and it is connected again. A reconnection that fails to connect is tried
/// again while attempts are left; one answered 204, an error status or another content type ends
/// the stream with what came before. The Timeline shows each connection (they carry the request's
/// exchange observer).
public enum StreamReconnection {
    /// The wait before a reconnection when the server set no `retry` (milliseconds).
    public static let defaultDelay = 3000
    /// The longest wait honoured, whatever the server asks (milliseconds).
    public static let longestDelay = 60_000

    /// `send(request)`, connected again as the type says while `attempts` remain; `send` itself
    /// without a response stream on the request or without attempts.
    /// - Parameter waits: where the waits run (and bodies are joined): a mock's delays, else a
    ///   global queue.
    public static func future(
        of request: HTTPRequest, attempts: Int, scheduler: any Scheduler, waits: (any DelayScheduler)? = nil,
        send: @escaping @Sendable (HTTPRequest) -> ResponseFuture<DataResponse>
    ) -> ResponseFuture<DataResponse> {
        guard attempts > 0, let stream = request.responseStream else { return send(request) }
        stream.keepBrokenConnections()
        let waits = waits ?? DispatchQueueScheduler(.global())
        return ResponseFuture(scheduler: scheduler) { result in
            let loop = Loop(
                request: request, stream: stream, attempts: attempts, waits: waits, send: send, result: result)
            result.onCancel { loop.cancel() }
            loop.connect(after: nil)
        }
    }

    /// One reconnecting stream: the connection running, the body joined so far, attempts left.
    private final class Loop: Sendable {
        let request: HTTPRequest
        let stream: ResponseStream
        let waits: any DelayScheduler
        let send: @Sendable (HTTPRequest) -> ResponseFuture<DataResponse>
        let result: ResponseFuture<DataResponse>
        /// Time since the first connection (the joined response's total): the mock's virtual time
        /// when the waits run on it.
        let elapsed: @Sendable () -> Duration
        private let state: Mutex<State>

        struct State: Sendable {
            var left: Int
            var current: ResponseFuture<DataResponse>?
            var cancelled = false
            /// Where the joined body is cut before the next connection's body.
            var cut: Int64 = 0
        }

        init(
            request: HTTPRequest, stream: ResponseStream, attempts: Int, waits: any DelayScheduler,
            send: @escaping @Sendable (HTTPRequest) -> ResponseFuture<DataResponse>,
            result: ResponseFuture<DataResponse>
        ) {
            self.request = request
            self.stream = stream
            self.waits = waits
            if let virtual = waits as? any VirtualTimeDelayScheduler {
                let origin = virtual.now
                elapsed = { virtual.now - origin }
            } else {
                let origin = ContinuousClock.now
                elapsed = { ContinuousClock.now - origin }
            }
            self.send = send
            self.result = result
            state = Mutex(State(left: attempts))
        }

        func cancel() {
            let current = state.withLock { state in
                state.cancelled = true
                return state.current
            }
            current?.cancel()
        }

        /// Sends the request (again, from the last event ID, after `previous`).
        func connect(after previous: DataResponse?) {
            var next = request
            if previous != nil {
                stream.reconnecting()
                let id = stream.lastEventID
                if !id.isEmpty { next.headers.set(name: "Last-Event-ID", value: id) }
            }
            let future = send(next)
            let go = state.withLock { state in
                state.current = future
                return !state.cancelled
            }
            guard go else { return future.cancel() }
            // Joining bodies may copy files: off the dispatcher's scheduler (the explorer's main loop).
            _ = future.result { [self] outcome in
                self.waits.schedule(after: .zero) { self.finished(outcome, after: previous) }
            }.send()
        }

        private func finished(_ outcome: Result<DataResponse, any Error>, after previous: DataResponse?) {
            switch outcome {
            case .failure(let error):
                // A connection cut after it streamed: what it received is kept and the stream is
                // connected again, as when the server closes it.
                if let broken = stream.takeBroken(), broken.statusCode.rawValue == 200 {
                    return finished(.success(broken), after: previous)
                }
                // The first connection's failure (before it streamed) is the request's; a
                // reconnection's is tried again.
                guard let previous else { return result.fail(with: error) }
                again(previous)
            case .success(let response):
                guard let previous else { return goOn(response, segmentStart: 0) }
                guard response.statusCode.rawValue == 200,
                    response.headers["content-type"].flatMap(StreamFormat.init(contentType:)) == .serverSentEvents
                else { return complete(previous) }
                do {
                    var joined = previous
                    joined.body = try previous.body.joined(cutTo: state.withLock { $0.cut }, with: response.body)
                    joined.bytesReceived += response.bytesReceived
                    joined.bytesSent += response.bytesSent
                    goOn(joined, segmentStart: joined.body.byteCount - response.body.byteCount)
                } catch {
                    complete(previous)
                }
            }
        }

        /// After a connection that streamed: another one when the server closed it (not a stop
        /// or a limit), else the end. The joined body is cut after the connection's last whole
        /// event before the next one's body follows.
        private func goOn(_ response: DataResponse, segmentStart: Int64) {
            let cut = max(0, segmentStart) + stream.completeLength
            state.withLock { $0.cut = cut }
            guard response.statusCode.rawValue == 200, stream.format == .serverSentEvents, stream.end == nil else {
                return complete(response)
            }
            again(response)
        }

        /// The joined response, its total time from the first connection to now.
        private func complete(_ response: DataResponse) {
            guard stream.reconnections > 0 else { return result.succeed(with: response) }
            var response = response
            response.timings.total = elapsed()
            result.succeed(with: response)
        }

        private func again(_ previous: DataResponse) {
            let go = state.withLock { state -> Bool in
                guard !state.cancelled, state.left > 0 else { return false }
                state.left -= 1
                return true
            }
            guard go else { return complete(previous) }
            let delay = min(stream.retry ?? StreamReconnection.defaultDelay, StreamReconnection.longestDelay)
            stream.waitingToReconnect(after: .milliseconds(delay))
            wait(.milliseconds(delay), then: previous)
        }

        /// Waits in steps of at most 50 ms, so a stop or the time limit ends the stream with what
        /// came rather than after the wait.
        private func wait(_ left: Duration, then previous: DataResponse) {
            if stream.shouldEnd || state.withLock({ $0.cancelled }) { return complete(previous) }
            guard left > .zero else { return connect(after: previous) }
            let step = min(left, .milliseconds(50))
            waits.schedule(after: step) { [self] in wait(left - step, then: previous) }
        }
    }
}
