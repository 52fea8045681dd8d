import AnnotatedLocks
import Foundation
import HTTPCore
import Synchronization

/// Follows redirects hop by hop on a `CurlEngine`, one transfer per hop, for requests libcurl
/// would carry across a redirect wrongly.
///
/// libcurl 7.x keeps `CURLOPT_CUSTOMREQUEST` on every hop: a DELETE answered with 303 is sent
/// again as DELETE, and a PUT's body is dropped on a 301/302 while the method stays PUT; only
/// curl 8's `CURLFOLLOW_OBEYCODE` fixes that. A POST turned into a GET keeps the caller's
/// `Content-Type`. So for every request but a bodyless GET or HEAD (which libcurl follows
/// correctly, and which stay on its faster path) the chain turns libcurl's redirect following off
/// and applies ``RedirectStep``'s rules itself, keeping libcurl's accounting: the redirect limit
/// (`CURLE_TOO_MANY_REDIRECTS`), the last hop's URL as the effective URL, timings summed over the
/// hops with the earlier hops' total as the redirect time, the redirect count, and request and
/// header bytes summed. The total timeout bounds the whole chain, as it bounds libcurl's own.
///
/// A request with a cookie jar (`TransferSpec.cookieJar`) always goes through the chain, redirects
/// followed or not: each hop sends the jar's cookies for its own URL (merged with the request's
/// own `Cookie` header, which the redirect rules drop on another origin) and stores the hop's
/// `Set-Cookie` before the next hop is sent — libcurl would follow a GET's redirect inside one
/// transfer, out of the jar's reach.
///
/// Threading contract: `start()` and `cancel()` may be called from any thread; hop completions
/// arrive on the engine's network thread. Shared state sits behind a `Mutex`. The chain is each
/// hop's observer: it passes progress on and decides, when a hop ends, whether to send the next.
final class RedirectChain: CurlTransferObserver {
    /// Whether `spec` needs the chain rather than libcurl's own redirect following.
    static func isNeeded(for spec: TransferSpec) -> Bool {
        if spec.cookieJar != nil { return true }
        guard spec.followRedirects else { return false }
        if case .none = spec.body, spec.method == "GET" || spec.method == "HEAD" { return false }
        return true
    }

    private struct State {
        var current: CurlTransfer?
        /// The hop in flight as the redirect rules see it: without the jar's cookies.
        var currentSpec: TransferSpec?
        var cancelled = false
        var hops = 0
        /// The earlier hops, summed.
        var elapsed = TransferTimings()
        var requestBytes: Int64 = 0
        var uploadedBytes: Int64 = 0
        var headerBytes: Int64 = 0
        var peakMemoryBytes = 0
    }

    private let engine: CurlEngine
    private let first: TransferSpec
    /// When the whole chain must be done (libcurl's total timeout covers every hop, not each).
    private let deadline: ContinuousClock.Instant?
    private let refererSetByCaller: Bool
    /// Whether the request follows redirects (the chain also carries jar requests that do not).
    private let follows: Bool
    private let observer: any CurlTransferObserver
    private let state = Mutex(State())

    init(engine: CurlEngine, spec: TransferSpec, observer: any CurlTransferObserver) {
        self.engine = engine
        var first = spec
        follows = spec.followRedirects
        first.followRedirects = false
        self.first = first
        deadline = spec.totalTimeoutMilliseconds.map { ContinuousClock.now + .milliseconds($0) }
        refererSetByCaller = spec.headers.contains { HTTPHeaders.namesMatch($0.name, "Referer") }
        self.observer = observer
    }

    /// Sends the first hop.
    func start() {
        send(first)
    }

    /// Cancels the hop in flight (or the next one, if between hops); completes as cancelled.
    func cancel() {
        let current = state.withLock(ownedBy: self) { state in
            state.cancelled = true
            return state.current
        }
        if let current { engine.cancel(current) }
    }

    private func send(_ hop: TransferSpec) {
        var bounded = hop
        if let deadline {
            // What is left of the total timeout (at least 1 ms: 0 would mean "no timeout" to libcurl).
            let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
            bounded.totalTimeoutMilliseconds = max(1, Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        }
        if let jar = hop.cookieJar {
            let own = hop.headers.filter { HTTPHeaders.namesMatch($0.name, "Cookie") }.map(\.value)
            // Neither the jar nor the request has a cookie (a run's jar, most of the time): there
            // is no header to write, and no URL to parse for one.
            if !(own.isEmpty && jar.isEmpty), let url = URL(string: hop.url),
                let header = jar.cookieHeader(for: url, own: own.isEmpty ? nil : own.joined(separator: "; "))
            {
                bounded.headers.removeAll { HTTPHeaders.namesMatch($0.name, "Cookie") }
                bounded.headers.append(("Cookie", header))
            }
        }
        let transfer = CurlTransfer(spec: bounded, observer: self, chainHop: true)
        let cancelled = state.withLock(ownedBy: self) { state in
            state.current = transfer
            state.currentSpec = hop
            return state.cancelled
        }
        if cancelled { transfer.cancelled.store(true, ordering: .releasing) }
        engine.submit(transfer)
    }

    var wantsProgress: Bool { observer.wantsProgress }

    var observesEvents: Bool { observer.observesEvents }

    func transferDidReport(_ kind: ExchangeEvent.Kind, stage: ExchangeStage?) {
        observer.transferDidReport(kind, stage: stage)
    }

    func transferDidProgress(_ counts: TransferCounts) {
        observer.transferDidProgress(counts)
    }

    /// A hop ended: pass the result on, or send the next hop.
    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>) {
        // The finished transfer holds this chain: let go of it to break the cycle.
        let hop = state.withLock(ownedBy: self) { state in
            defer { (state.current, state.currentSpec) = (nil, nil) }
            return state.currentSpec
        }
        guard let spec = hop, case .success(let outcome) = result else {
            observer.transferDidComplete(withEarlierHops(result))
            return
        }
        // Every response is asked for its cookies; only one that sets some parses its URL.
        if let jar = spec.cookieJar {
            let setCookies = outcome.head.values(named: "Set-Cookie")
            if !setCookies.isEmpty, let url = URL(string: spec.url) { jar.receive(setCookies, from: url) }
        }
        guard follows else {
            observer.transferDidComplete(.success(merged(outcome)))
            return
        }
        switch RedirectStep.decide(after: outcome, of: spec, refererSetByCaller: refererSetByCaller) {
        case .done:
            observer.transferDidComplete(.success(merged(outcome)))
        case .fail(let failure):
            discardBody(of: outcome, spec: spec)
            observer.transferDidComplete(.failure(failure))
        case .follow(let next):
            discardBody(of: outcome, spec: spec)
            let verdict = state.withLock(ownedBy: self) { state -> CurlFailure? in
                if state.cancelled { return CurlFailure(cause: .cancelled, message: "cancelled") }
                if first.maxRedirects >= 0, state.hops >= first.maxRedirects {
                    return CurlFailure(
                        cause: .curl(47),  // CURLE_TOO_MANY_REDIRECTS
                        message: "Maximum (\(first.maxRedirects)) redirects followed", connected: true)
                }
                state.hops += 1
                state.elapsed.add(outcome.timings)
                state.requestBytes += outcome.requestBytes
                state.uploadedBytes += outcome.uploadedBytes
                state.headerBytes += outcome.headerBytes
                state.peakMemoryBytes = max(state.peakMemoryBytes, outcome.peakMemoryBytes)
                return nil
            }
            if let verdict {
                observer.transferDidComplete(.failure(verdict))
            } else {
                if observer.observesEvents { reportHop(outcome: outcome, from: spec, to: next) }
                send(next)
            }
        }
    }

    /// A failed hop's partial timings with the earlier hops' time in its total and redirect time.
    private func withEarlierHops(_ result: Result<TransferOutcome, CurlFailure>) -> Result<TransferOutcome, CurlFailure>
    {
        guard case .failure(var failure) = result, var timings = failure.timings else { return result }
        let (hops, elapsed) = state.withLock(ownedBy: self) { ($0.hops, $0.elapsed) }
        guard hops > 0 else { return result }
        // The marks stay the failing hop's own (they say how far it got); the total counts every hop.
        timings.total += elapsed.total
        timings.redirect = elapsed.total
        timings.redirectCount = hops
        failure.timings = timings
        return .failure(failure)
    }

    /// Tells the observer about the hop from `spec` to `next` and what the redirect rules changed.
    private func reportHop(outcome: TransferOutcome, from spec: TransferSpec, to next: TransferSpec) {
        let hops = state.withLock(ownedBy: self) { $0.hops }
        let location = outcome.headers.last { $0.name.lowercased() == "location" }?.value ?? next.url
        let nextNames = Set(next.headers.map { $0.name.lowercased() })
        let dropped = spec.headers.map(\.name).filter { !nextNames.contains($0.lowercased()) }
        let bodyDropped: Bool
        switch (spec.body, next.body) {
        case (.none, _): bodyDropped = false
        case (_, .none): bodyDropped = true
        default: bodyDropped = false
        }
        let from = URL(string: spec.url)
        let to = URL(string: next.url)
        let crossOrigin = from.map(CurlEventTracker.origin) != to.map(CurlEventTracker.origin)
        let hop = ExchangeEvent.RedirectHop(
            status: StatusCode(rawValue: outcome.status), location: location, url: to,
            method: (try? HTTPMethod(token: spec.method)) ?? .get,
            nextMethod: (try? HTTPMethod(token: next.method)) ?? .get, bodyDropped: bodyDropped,
            droppedHeaders: dropped, crossOrigin: crossOrigin, number: hops)
        observer.transferDidReport(.redirect(hop), stage: nil)
    }

    /// The last hop's outcome with the earlier hops' time and bytes folded in, as libcurl reports
    /// a followed chain.
    private func merged(_ last: TransferOutcome) -> TransferOutcome {
        state.withLock(ownedBy: self) { state in
            guard state.hops > 0 else { return last }
            var outcome = last
            var timings = state.elapsed
            timings.add(last.timings)
            timings.redirect = state.elapsed.total
            timings.redirectCount = state.hops
            outcome.timings = timings
            outcome.requestBytes += state.requestBytes
            outcome.uploadedBytes += state.uploadedBytes
            outcome.headerBytes += state.headerBytes
            outcome.peakMemoryBytes = max(outcome.peakMemoryBytes, state.peakMemoryBytes)
            return outcome
        }
    }

    /// A redirect's own body is not the answer: a temporary file holding it is removed (a download
    /// destination is truncated by the next hop anyway).
    private func discardBody(of outcome: TransferOutcome, spec: TransferSpec) {
        if case .file(let url, _) = outcome.body, spec.destination == nil {
            unlink(url.path)
        }
    }
}

extension TransferTimings {
    /// Adds `other` field by field (libcurl accumulates each phase over a redirect chain).
    mutating func add(_ other: TransferTimings) {
        nameLookup += other.nameLookup
        connect += other.connect
        tlsHandshake += other.tlsHandshake
        preTransfer += other.preTransfer
        firstByte += other.firstByte
        total += other.total
        redirect += other.redirect
    }
}
