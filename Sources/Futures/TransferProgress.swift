/// How far a transfer has got, independent of the transport that reports it.
///
/// The curl transport fills it from its progress callback; a mock dispatcher can report
/// whatever it likes. Totals are `nil` while unknown (curl reports 0 until it has seen a
/// `Content-Length`, or forever for chunked bodies).
public struct TransferProgress: Sendable, Hashable {
    /// Request body bytes sent so far.
    public var bytesSent: Int64
    /// Request body size, when known.
    public var totalBytesToSend: Int64?
    /// Response bytes received so far.
    public var bytesReceived: Int64
    /// Response size, when known.
    public var totalBytesToReceive: Int64?

    public init(
        bytesSent: Int64 = 0,
        totalBytesToSend: Int64? = nil,
        bytesReceived: Int64 = 0,
        totalBytesToReceive: Int64? = nil
    ) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }

    /// Fraction of the upload done (0...1), or `nil` while the total is unknown or zero.
    public var fractionSent: Double? {
        Self.fraction(bytesSent, of: totalBytesToSend)
    }

    /// Fraction of the download done (0...1), or `nil` while the total is unknown or zero.
    public var fractionReceived: Double? {
        Self.fraction(bytesReceived, of: totalBytesToReceive)
    }

    private static func fraction(_ done: Int64, of total: Int64?) -> Double? {
        guard let total, total > 0 else { return nil }
        return min(1, max(0, Double(done) / Double(total)))
    }
}
