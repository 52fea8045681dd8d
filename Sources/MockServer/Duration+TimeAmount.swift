import NIOCore

extension Duration {
    /// The delay as NIO schedules it (whole nanoseconds): every delayed mock answer, chunk and
    /// WebSocket reply is scheduled through this.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
