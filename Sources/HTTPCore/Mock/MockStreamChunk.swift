public import Foundation

/// One piece of a mock's streamed body (an SSE event, an NDJSON line), sent `delay` after the
/// previous piece (the first: after the head). A mock server writes each as it comes due; the
/// in-process dispatcher feeds them to the request's ``ResponseStream`` on its delay scheduler.
public struct MockStreamChunk: Hashable, Sendable {
    public var delay: Duration
    public var data: Data

    public init(delay: Duration = .zero, data: Data) {
        self.delay = delay
        self.data = data
    }
}
