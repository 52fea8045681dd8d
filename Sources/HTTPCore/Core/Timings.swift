/// Where an exchange's time went, as the transport measured it.
///
/// Each mark is measured from the start of the exchange (as curl's `*_TIME` values are), so they
/// only grow: DNS ≤ connect ≤ TLS ≤ pre-transfer ≤ first byte ≤ total. `nil` means the phase did
/// not happen (no DNS for an IP literal, no TLS for `http://`) or the transport does not know it.
/// ``phases`` gives the durations of the phases themselves for a waterfall display.
public struct Timings: Hashable, Sendable {
    /// Name resolution finished.
    public var dnsLookup: Duration?
    /// TCP connection established.
    public var connect: Duration?
    /// TLS handshake finished.
    public var tlsHandshake: Duration?
    /// About to send the request.
    public var preTransfer: Duration?
    /// The first response byte arrived.
    public var timeToFirstByte: Duration?
    /// The exchange finished.
    public var total: Duration?
    /// Time spent on redirects before the final exchange started.
    public var redirect: Duration?
    /// How many redirects were followed to get the final response (0 when none).
    public var redirectCount: Int
    /// Connections the exchange opened: 0 when it reused one (what a load test counts).
    public var connectionsOpened: Int
    /// When the transport saw the exchange finish, on its own thread, before whoever awaits it ran:
    /// what a load test measures latency to (a thread hop is the generator's time, not the
    /// server's). Nil where the transport does not say (the mock).
    public var completedAt: ContinuousClock.Instant?

    public init(
        dnsLookup: Duration? = nil, connect: Duration? = nil, tlsHandshake: Duration? = nil,
        preTransfer: Duration? = nil, timeToFirstByte: Duration? = nil, total: Duration? = nil,
        redirect: Duration? = nil, redirectCount: Int = 0, connectionsOpened: Int = 0,
        completedAt: ContinuousClock.Instant? = nil
    ) {
        self.dnsLookup = dnsLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.preTransfer = preTransfer
        self.timeToFirstByte = timeToFirstByte
        self.total = total
        self.redirect = redirect
        self.redirectCount = redirectCount
        self.connectionsOpened = connectionsOpened
        self.completedAt = completedAt
    }

    /// One phase of an exchange for a waterfall: its name and how long it took.
    public struct Phase: Hashable, Sendable {
        public var name: String
        public var duration: Duration
    }

    /// The durations of the phases that happened, in order: DNS, connect, TLS, request sent,
    /// waiting (server time), download.
    public var phases: [Phase] {
        var phases: [Phase] = []
        forEachPhase { phases.append(Phase(name: $0, duration: $1)) }
        return phases
    }

    /// Calls `body` with the name and duration of each phase `phases` lists, in order, without
    /// building the list (a run keeps every response's phases in its own form).
    public func forEachPhase(_ body: (_ name: String, _ duration: Duration) -> Void) {
        var previous = Duration.zero
        func mark(_ name: String, _ value: Duration?) {
            guard let value, value > .zero else { return }
            body(name, value >= previous ? value - previous : .zero)
            previous = max(previous, value)
        }
        mark("DNS", dnsLookup)
        mark("Connect", connect)
        mark("TLS", tlsHandshake)
        mark("Send", preTransfer)
        mark("Wait", timeToFirstByte)
        mark("Download", total)
    }
}
