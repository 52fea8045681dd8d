import Foundation
public import HTTPCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// `WebSocketConnecting` on SwiftNIO (issue 25): a TCP connection, NIOHTTP1's client upgrade with
/// NIOWebSocket's key check, then ``WebSocketFrameHandler``. `wss://` goes over a
/// ``TLSTunnelOpening`` (the `lazer` binary hands in libcurl's, so TLS, its options and proxies
/// are the HTTP requests' own), and so does `ws://` when a proxy is set; a connector made without
/// one refuses `wss://` with a clear message and connects `ws://` directly.
public struct NIOWebSocketConnector: WebSocketConnecting {
    private let tunnel: (any TLSTunnelOpening)?
    /// NIO's shared event loops, started by the first connection: a run or an explorer session
    /// without WebSockets starts no thread for them (it cost every `lazer run` ~0.4 ms at start).
    private var group: any EventLoopGroup { MultiThreadedEventLoopGroup.singleton }

    public init(tunnel: (any TLSTunnelOpening)? = nil) {
        self.tunnel = tunnel
    }

    public func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        let url = request.url
        let scheme = url.scheme?.lowercased() ?? ""
        let secure = scheme == "wss"
        if secure, tunnel == nil {
            throw TransportError(
                .unsupportedProtocol, message: "wss:// needs a TLS tunnel, which this connector was not given", url: url
            )
        }
        guard scheme == "ws" || secure else {
            throw TransportError(
                .unsupportedProtocol, message: "a WebSocket URL starts with ws:// (found \(scheme)://)", url: url)
        }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw TransportError(.malformedURL, message: "the WebSocket URL has no host", url: url)
        }
        let defaultPort = secure ? 443 : 80
        let port = url.port ?? defaultPort
        let head = Self.upgradeHead(request, host: host, port: port, defaultPort: defaultPort)
        let (events, continuation) = AsyncStream<WebSocketEvent>.makeStream()
        // TCP (and, through the tunnel, TLS) times for the Timeline, known before the upgrade ends.
        let started = ContinuousClock.now
        let measured = Mutex<(connect: Duration?, tls: Duration?, details: ExchangeEvent.TLSDetails?)>((nil, nil, nil))
        let promise = group.next().makePromise(of: NIOWebSocketSession.self)
        let once = Once()
        let complete: @Sendable (Result<NIOWebSocketSession, TransportError>) -> Void = { result in
            guard once.first() else { return }
            switch result {
            case .success(let session): promise.succeed(session)
            case .failure(let error): promise.fail(error)
            }
        }
        let timeout = TimeAmount.nanoseconds(
            Int64(request.connectTimeout.components.seconds) * 1_000_000_000
                + request.connectTimeout.components.attoseconds / 1_000_000_000)
        let bootstrap = ClientBootstrap(group: promise.futureResult.eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                let upgrader = NIOWebSocketClientUpgrader(
                    maxFrameSize: request.maxMessageBytes, automaticErrorHandling: false
                ) { channel, response in
                    channel.pipeline.removeHandler(name: Self.upgradeHandlerName).flatMapThrowing {
                        let deflate: PerMessageDeflate.Codec?
                        do {
                            deflate = try PerMessageDeflate.agreement(
                                in: response.headers["Sec-WebSocket-Extensions"],
                                offeredDeflate: Self.deflateOffered(request)
                            ).map(PerMessageDeflate.Codec.init)
                        } catch {
                            // A refused answer, or zlib that could not start (out of memory).
                            let message =
                                (error as? PerMessageDeflate.Refusal)?.reason
                                ?? "permessage-deflate could not start: \(error)"
                            complete(.failure(TransportError(.protocolError, message: message, url: url)))
                            channel.close(promise: nil)
                            return
                        }
                        let writer = ClientFrameWriter()
                        try channel.pipeline.syncOperations.addHandler(writer, position: .first)
                        let handler = WebSocketFrameHandler(
                            continuation: continuation, maxMessageBytes: request.maxMessageBytes,
                            pingInterval: request.pingInterval, writer: writer, deflate: deflate)
                        try channel.pipeline.syncOperations.addHandler(handler)
                        let times = measured.withLock { $0 }
                        let handshake = WebSocketHandshake(
                            status: Int(response.status.code),
                            headers: HTTPCore.HTTPHeaders(response.headers.map { ($0.name, $0.value) }),
                            subprotocol: response.headers.first(name: "Sec-WebSocket-Protocol"),
                            connectDuration: times.connect, tlsDuration: times.tls,
                            tlsVerified: secure && request.options.verifyTLS, tls: times.details,
                            extensions: deflate?.agreement.text)
                        let session = NIOWebSocketSession(
                            channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop),
                            handshake: handshake, events: events)
                        complete(.success(session))
                    }
                }
                let configuration: NIOHTTPClientUpgradeSendableConfiguration = (
                    upgraders: [upgrader], completionHandler: { _ in }
                )
                return channel.pipeline.addHTTPClientHandlers(
                    leftOverBytesStrategy: .forwardBytes, withClientUpgrade: configuration
                ).flatMapThrowing {
                    let handler = UpgradeRequestHandler(head: head) { complete(.failure($0)) }
                    try channel.pipeline.syncOperations.addHandler(handler, name: Self.upgradeHandlerName)
                }
            }
        let connected: EventLoopFuture<any Channel>
        var tunnelEnding: TunnelEnding?
        let opened: TLSTunnel?
        do {
            if secure, let tunnel {
                opened = try await tunnel.openTunnel(
                    host: host, port: port, options: request.options, timeout: request.connectTimeout, url: url)
            } else {
                // `ws://` through a proxy, when one is set; nil connects directly.
                opened = try await tunnel?.openProxiedTunnel(
                    host: host, port: port, options: request.options, timeout: request.connectTimeout, url: url)
            }
        } catch {
            complete(.failure(error))
            continuation.finish()
            throw error
        }
        if let opened {
            // NIO takes the descriptor over: the channel closes it, which ends the tunnel.
            tunnelEnding = opened.ending
            measured.withLock { $0 = (opened.connectDuration, opened.tlsDuration, opened.tls) }
            connected = bootstrap.withConnectedSocket(opened.descriptor)
        } else {
            connected = bootstrap.connect(host: host, port: port)
            connected.whenSuccess { _ in measured.withLock { $0.connect = ContinuousClock.now - started } }
        }
        connected.whenFailure { error in complete(.failure(Self.translate(error, url: url))) }
        // The upgrade must finish within the connect timeout too (a server that accepts and says nothing).
        // Only a deadline that comes first closes the channel: an upgrade that finished in time may
        // still be waiting for its task to resume (a busy machine), and its socket is the session's.
        let deadline = promise.futureResult.eventLoop.scheduleTask(in: timeout) {
            guard once.first() else { return }
            promise.fail(
                TransportError(
                    .connectTimeout, message: "no answer to the WebSocket upgrade within the connect timeout",
                    url: url))
            connected.whenSuccess { $0.close(promise: nil) }
        }
        do {
            // Cancelling the task (Esc, F6) ends a connect or an upgrade still waiting at once, not
            // at the connect timeout: a host that never answers does not hold the request.
            let session = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                guard once.first() else { return }
                promise.fail(TransportError(.cancelled, message: "cancelled while connecting", url: url))
                connected.whenSuccess { $0.close(promise: nil) }
            }
            deadline.cancel()
            return session
        } catch var error as TransportError {
            deadline.cancel()
            continuation.finish()
            // The tunnel's end of file came from a failed TLS read: its error says why (an alert).
            if error.reason == .emptyReply, let ended = tunnelEnding?.error { error = ended }
            error.url = error.url ?? url
            connected.whenSuccess { $0.close(promise: nil) }
            throw error
        } catch {
            continuation.finish()
            throw Self.translate(error, url: url)
        }
    }

    static let upgradeHandlerName = "lazer-websocket-upgrade"

    /// The upgrade GET: the path and query, `Host`, the subprotocols, then the request's own fields.
    /// NIOWebSocket's upgrader adds `Sec-WebSocket-Key` and `Sec-WebSocket-Version`, NIOHTTP1's
    /// `Upgrade` and `Connection`; the permessage-deflate offer comes last.
    static func upgradeHead(_ request: WebSocketRequest, host: String, port: Int, defaultPort: Int = 80)
        -> HTTPRequestHead
    {
        var target = request.url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = request.url.query(percentEncoded: true) { target += "?" + query }
        var headers = NIOHTTP1.HTTPHeaders()
        let hostText = host.contains(":") ? "[\(host)]" : host
        headers.add(name: "Host", value: port == defaultPort ? hostText : "\(hostText):\(port)")
        if !request.subprotocols.isEmpty {
            headers.add(name: "Sec-WebSocket-Protocol", value: request.subprotocols.joined(separator: ", "))
        }
        for field in request.headers where field.name.lowercased() != "host" {
            headers.add(name: field.name, value: field.value)
        }
        if request.offersCompression, !request.headers.contains("Sec-WebSocket-Extensions") {
            headers.add(name: "Sec-WebSocket-Extensions", value: PerMessageDeflate.offer)
        }
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
    }

    /// Whether the upgrade offers permessage-deflate: ours unless the request turned it off, or the
    /// request's own fields offer extensions (theirs go instead, and may offer it themselves).
    static func deflateOffered(_ request: WebSocketRequest) -> Bool {
        guard let own = request.headers["Sec-WebSocket-Extensions"] else { return request.offersCompression }
        return own.lowercased().contains("permessage-deflate")
    }

    static func translate(_ error: any Error, url: URL) -> TransportError {
        if let error = error as? TransportError { return error }
        if case ChannelError.connectTimeout = error {
            return TransportError(.connectTimeout, message: "connecting timed out", url: url)
        }
        let text = "\(error)"
        if text.contains("connection refused") || text.contains("Connection refused") {
            return TransportError(.connectionRefused, message: "connection refused", url: url)
        }
        if error is NIOConnectionError || text.contains("getaddrinfo") {
            if text.contains("getaddrinfo") || text.contains("resolution") {
                return TransportError(.dnsFailure, message: text, url: url)
            }
            return TransportError(.connectionRefused, message: text, url: url)
        }
        return TransportError(.other(code: 0, message: text), message: text, url: url)
    }
}

/// True the first time only: the connect promise is completed by whichever of success, failure
/// and the deadline comes first.
private final class Once: Sendable {
    private let done = Mutex(false)

    func first() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
