import Foundation
package import HTTPCore
import JSONTree
import Synchronization
import Workspace

/// What `lazer load` needs to send a request again as the bytes libcurl sent for it, and to
/// check each response as `lazer run` would: made from a request's first send when nothing in
/// it changes between sends (no scripts, captures, retries or streams; no `{{$uuid}}`-like
/// values; no signing, token or challenge auth; plain `http`, HTTP/1.1, no proxy, no redirect
/// followed, no cookie set, no content coding).
package struct LoadRendering: Sendable {
    package var request: RenderedRequest
    package var target: KeepAliveTarget
    package var checker: LoadResponseChecker
    /// The run's cookie jar as the head's `Cookie` header took it.
    package var cookies: Cookies?

    /// A jar's state when a head was rendered: `generation` (`CookieJar.generation`, read before
    /// the send) and when the first cookie sent expires.
    package struct Cookies: Sendable {
        let jar: CookieJar
        let generation: Int
        let expiry: Date?

        /// What several renderings' cookies hold to together: one jar (a run has one), the
        /// generation they all saw (none when they saw different ones), the earliest expiry.
        package static func together(_ renderings: [LoadRendering]) -> Cookies? {
            let all = renderings.compactMap(\.cookies)
            guard let first = all.first else { return nil }
            let same = all.allSatisfy { $0.jar === first.jar && $0.generation == first.generation }
            return Cookies(
                jar: first.jar, generation: same ? first.generation : -1, expiry: all.compactMap(\.expiry).min())
        }

        /// Whether the heads still carry the cookies the jar would send: no cookie received, put or
        /// removed since (by any user), none expired.
        package func isCurrent() -> Bool {
            if jar.generation != generation { return false }
            if let expiry, Date() >= expiry { return false }
            return true
        }
    }
}

/// Checks a response read off a keep-alive connection with the request's expectations, as
/// `lazer run` does (`RequestExecution.check`), and says when the keep-alive engine must hand
/// the request back to the transport (a cookie, a content coding, a redirect appeared).
package struct LoadResponseChecker: Sendable {
    let execution: RequestExecution
    let preparation: SendPreparation
    let request: HTTPRequest
    /// The result before the response: names, URL, environment.
    let base: RequestResult
    /// Whether an expectation reads the response time: then two responses with the same bytes
    /// may not share a result.
    package let readsDuration: Bool

    /// The result of `response`, and whether the keep-alive engine may go on sending the request:
    /// not after a response it does not follow (`Set-Cookie` with a cookie jar, `Content-Encoding`,
    /// a redirect to follow), which hands the request back to the transport.
    package func check(
        _ response: borrowing RawHTTPResponse, duration: Duration
    ) -> (result: RequestResult, keepsUp: Bool) {
        let headers = HTTPHeaders(receivedLines: response.headerLines)
        let keepsUp = Self.keepsUp(status: response.status, headers: headers, options: request.options)
        if let jar = request.options.cookieJar, headers["Set-Cookie"] != nil, let url = try? request.url() {
            // As the transport would: the requests after this one (through it) send the cookie.
            _ = jar.receive(
                headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value), from: url)
        }
        let bytes = JSONBytes(response.body())
        let facts = ResponseFacts(
            status: response.status, headers: headers, body: bytes,
            document: execution.item.readsJSON
                ? RequestExecution.document(bytes, contentType: headers["Content-Type"]) : nil,
            duration: duration)
        var result = base
        let reason = response.reason
        result.responseReason = reason.isEmpty ? nil : reason
        result.duration = duration
        result.attempts = 1
        let checked = execution.check(facts, preparation: preparation, sentHeaders: request.headers, into: result)
        return (checked.result, keepsUp)
    }

    /// The result of a request that got no response.
    package func failure(_ error: TransportError) -> RequestResult {
        var result = base
        result.status = .error
        result.attempts = 1
        result.failure = execution.failure(error, request: request, redactor: preparation.redactor)
        return result
    }

    /// Whether a response leaves the request as it was rendered: no cookie for the jar to send
    /// back, no body coding to undo, no redirect to follow.
    static func keepsUp(status: Int, headers: HTTPHeaders, options: RequestOptions) -> Bool {
        if options.cookieJar != nil, headers["Set-Cookie"] != nil { return false }
        if let coding = headers["Content-Encoding"], coding.lowercased() != "identity" { return false }
        if options.followRedirects, (300...399).contains(status), headers["Location"] != nil { return false }
        return true
    }
}

/// Keeps what the transport said about a request it sent: the head as it went out, whether a
/// redirect was followed (hence more than one head).
final class SentHeadCapture: ExchangeObserver {
    private struct Seen {
        var heads: [ExchangeEvent.RequestSent] = []
        var redirected = false
    }

    private let seen = Mutex(Seen())

    func observe(_ event: ExchangeEvent) {
        switch event.kind {
        case .requestSent(let sent): seen.withLock { $0.heads.append(sent) }
        case .redirect: seen.withLock { $0.redirected = true }
        default: break
        }
    }

    /// The one head sent, when the exchange sent exactly one and followed no redirect.
    var onlyHead: ExchangeEvent.RequestSent? {
        seen.withLock { $0.redirected || $0.heads.count != 1 ? nil : $0.heads.first }
    }
}
