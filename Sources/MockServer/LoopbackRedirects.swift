import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
package import Workspace

/// The authorization code grant's loopback redirect URI on SwiftNIO (`OAuthRedirectListening`):
/// one event loop thread on 127.0.0.1, alive only while a flow waits for the browser. Here because
/// this module already holds the project's HTTP server stack.
package struct LoopbackRedirects: OAuthRedirectListening {
    package init() {}

    package func listen(
        port: Int, path: String, page: @escaping @Sendable ([String: String]) -> OAuthRedirectPage
    ) throws(OAuthError) -> any OAuthRedirectListener {
        let redirect = LoopbackRedirect(path: path)
        do {
            let listener = try HTTPListener(host: "127.0.0.1", port: port, threads: 1) {
                RedirectRequestHandler(path: path, page: page) { [weak redirect] query in redirect?.arrived(query) }
            }
            redirect.started(listener)
        } catch {
            // ListenError's hints speak of `lazer mock`'s --port: the reason only.
            let reason = "\(error)".components(separatedBy: " (").first ?? "\(error)"
            throw OAuthError(
                .authorization, .settings("cannot listen on 127.0.0.1:\(port) for the redirect: \(reason)"))
        }
        return redirect
    }
}

/// One listening redirect URI: hands the first request's query to the flow waiting in `callback()`.
final class LoopbackRedirect: OAuthRedirectListener {
    private struct State {
        var listener: HTTPListener?
        var query: [String: String]?
        var waiter: CheckedContinuation<[String: String]?, Never>?
        var closed = false
    }

    private let state = Mutex(State())
    private let path: String
    private let port = Mutex(0)

    init(path: String) {
        self.path = path
    }

    func started(_ listener: HTTPListener) {
        state.withLock { $0.listener = listener }
        port.withLock { $0 = listener.port }
    }

    var redirectURI: String { "http://127.0.0.1:\(port.withLock { $0 })\(path)" }

    /// The browser came back (only the first time counts).
    func arrived(_ query: [String: String]) {
        let waiter = state.withLock { state -> CheckedContinuation<[String: String]?, Never>? in
            guard state.query == nil, !state.closed else { return nil }
            state.query = query
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: query)
    }

    func callback() async throws(OAuthError) -> [String: String] {
        let query = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[String: String]?, Never>) in
                let ready = state.withLock { state -> [String: String]?? in
                    if state.closed || Task.isCancelled { return .some(nil) }
                    if let query = state.query { return .some(query) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            self.close()
        }
        guard let query else { throw OAuthError(.authorization, .cancelled) }
        return query
    }

    func close() {
        let (listener, waiter) = state.withLock { state in
            state.closed = true
            // What came (the code) is not kept past the flow.
            state.query = nil
            defer {
                state.listener = nil
                state.waiter = nil
            }
            return (state.listener, state.waiter)
        }
        waiter?.resume(returning: nil)
        // Joining the event loop from its own thread would hang: stop elsewhere.
        if let listener { DispatchQueue.global().async { listener.stop() } }
    }
}

/// Answers one connection of the redirect listener: the page for GET `path`, 404 elsewhere.
final class RedirectRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let path: String
    private let page: @Sendable ([String: String]) -> OAuthRedirectPage
    private let arrived: @Sendable ([String: String]) -> Void
    private var head: HTTPRequestHead?

    init(
        path: String, page: @escaping @Sendable ([String: String]) -> OAuthRedirectPage,
        arrived: @escaping @Sendable ([String: String]) -> Void
    ) {
        self.path = path
        self.page = page
        self.arrived = arrived
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            let components = URLComponents(string: "http://127.0.0.1" + head.uri)
            var answer = OAuthRedirectPage(status: 404, title: "Not found", text: "Lazer waits at \(path) only.")
            var query: [String: String]?
            if head.method == .GET, components?.path == path {
                var items: [String: String] = [:]
                for item in components?.queryItems ?? [] where items[item.name] == nil {
                    items[item.name] = item.value ?? ""
                }
                // Only the provider's answer ends the wait: opening the redirect address itself
                // (the card shows it) ended the flow as "wrong state".
                if ["code", "state", "error"].contains(where: { items[$0] != nil }) {
                    answer = page(items)
                    query = items
                } else {
                    answer = OAuthRedirectPage(
                        status: 400, title: "Not the provider's answer",
                        text: "This is where the provider sends your browser back after you authorize Lazer. "
                            + "Open the authorization address Lazer shows instead: Lazer is still waiting.")
                }
            }
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            headers.add(name: "Content-Length", value: String(answer.html.utf8.count))
            headers.add(name: "Cache-Control", value: "no-store")
            headers.add(name: "Connection", value: "close")
            context.write(
                wrapOutboundOut(
                    .head(
                        HTTPResponseHead(
                            version: head.version, status: HTTPResponseStatus(statusCode: answer.status),
                            headers: headers))), promise: nil)
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: answer.html)))), promise: nil
            )
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
            let arrived = self.arrived
            done.futureResult.assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
                // After the page is out: the flow may close the listener now.
                if let query { arrived(query) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
