package import Foundation
import Futures
package import HTTPCore
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Workspace

/// `lazer record --proxy`: a plain-HTTP proxy that forwards each request to a target server
/// through the dispatcher it is given (libcurl in `lazer`; this module never links it), answers
/// the client with what came back, and hands every exchange to `onExchange` to become a route.
///
/// Clients point at the proxy as if it were the server (`http://127.0.0.1:PORT/path`); an
/// absolute-form target (`GET http://host/path`, a client configured to use an HTTP proxy) is
/// forwarded to the target server too. Request bodies are held up to ``maxBody``.
///
/// Threading: as ``MockHTTPServer``; `onExchange` is called from the dispatcher's scheduler.
package final class RecordingProxy: Sendable {
    /// The largest request body forwarded (larger: 413).
    package static let maxBody = 64 << 20
    private let listener: HTTPListener
    package var port: Int { listener.port }
    package var url: String { listener.url }

    /// Binds `host:port` and forwards to `target` (an `http://` base URL; its path is a prefix).
    package init(
        target: URL, dispatcher: any DataDispatcher, host: String = "127.0.0.1", port: Int = 0,
        onExchange: @escaping @Sendable (HTTPRequest, Result<DataResponse, any Error>, Duration) -> Void
    ) throws {
        listener = try HTTPListener(host: host, port: port, threads: 1) {
            ProxyHandler(target: target, dispatcher: dispatcher, onExchange: onExchange)
        }
    }

    package func stop() {
        listener.stop()
    }
}

/// Forwards the requests of one client connection, one at a time.
final class ProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Request headers the proxy does not forward: hop-by-hop ones, and what the transport sets.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "transfer-encoding",
        "upgrade", "host", "content-length", "accept-encoding",
    ]

    private let target: URL
    private let dispatcher: any DataDispatcher
    private let onExchange: @Sendable (HTTPRequest, Result<DataResponse, any Error>, Duration) -> Void
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false

    init(
        target: URL, dispatcher: any DataDispatcher,
        onExchange: @escaping @Sendable (HTTPRequest, Result<DataResponse, any Error>, Duration) -> Void
    ) {
        self.target = target
        self.dispatcher = dispatcher
        self.onExchange = onExchange
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
            tooLarge = false
        case .body(var chunk):
            if body.readableBytes + chunk.readableBytes > RecordingProxy.maxBody {
                tooLarge = true
                body.clear()
            } else if !tooLarge {
                body.writeBuffer(&chunk)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            if tooLarge {
                reply(status: 413, headers: HTTPCore.HTTPHeaders(), body: [], head: head, context: context)
            } else {
                forward(head, context: context)
            }
        }
    }

    private func forward(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // The target as the client sent it, encoded as `lazer send` encodes a typed URL (valid
        // `%XX` escapes kept, only what must be escaped escaped): `URL(string:)` would refuse
        // `a]b%20c` or re-encode it as `a%5Db%2520c`.
        guard let url = try? URLSerializer.url(base: target, path: Self.originForm(head.uri)) else {
            reply(
                status: 400, headers: HTTPCore.HTTPHeaders(), body: Array("bad request target".utf8), head: head,
                context: context)
            return
        }
        var headers = HTTPCore.HTTPHeaders()
        for (name, value) in head.headers where !Self.hopByHop.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        let bytes = Data(body.readableBytesView)
        body.clear()
        var request = HTTPRequest(
            method: HTTPCore.HTTPMethod(rawValue: head.method.rawValue) ?? .get, url: url, headers: headers,
            body: bytes.isEmpty ? .none : .bytes(bytes))
        request.options.followRedirects = false
        let sent = request
        let started = ContinuousClock.now
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        let onExchange = self.onExchange
        _ = dispatcher.dataFuture(from: sent).result { result in
            onExchange(sent, result, ContinuousClock.now - started)
            let status: Int
            var responseHeaders = HTTPCore.HTTPHeaders()
            var responseBody: [UInt8] = []
            switch result {
            case .success(let response):
                status = response.statusCode.rawValue
                responseHeaders = response.headers
                responseBody = (try? response.body.bytes()) ?? []
            case .failure(let error):
                status = 502
                // In words, as `lazer run` says it (the error's own description is a Swift value dump).
                let translation = ErrorTranslator.standard.translate(error, context: TranslationContext(request: sent))
                responseHeaders = ["Content-Type": "text/plain; charset=utf-8"]
                responseBody = Array(
                    "lazer record: the target did not answer: \(translation.title). \(translation.explanation)\n".utf8)
            }
            let finalHeaders = responseHeaders
            let finalBody = responseBody
            loop.execute {
                let (handler, context) = bound.value
                handler.reply(status: status, headers: finalHeaders, body: finalBody, head: head, context: context)
            }
        }.send()
    }

    /// The path and query of a request target: an absolute-form target (`http://host/p?q`, from a
    /// client configured to use an HTTP proxy) loses its scheme and authority, by text, so its
    /// escapes stay as they are.
    static func originForm(_ target: String) -> String {
        let lower = target.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
            let schemeEnd = target.range(of: "://")
        else { return target }
        let rest = target[schemeEnd.upperBound...]
        guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return String(rest[start...])
    }

    private func reply(
        status: Int, headers: HTTPCore.HTTPHeaders, body: [UInt8], head: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        var out = NIOHTTP1.HTTPHeaders()
        for field in headers {
            let lower = field.name.lowercased()
            guard
                !["content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"].contains(lower)
            else { continue }
            // A field that cannot go on the wire (a control character in its name or value, which
            // some upstreams send) is left out: NIO would refuse the whole head and the client
            // would get no answer at all. The recorder reports it (`RecordedHeaders.canBeSent`).
            guard RecordedHeaders.canBeSent(field) else { continue }
            out.add(name: field.name, value: field.value)
        }
        out.replaceOrAdd(name: "Content-Length", value: String(body.count))
        if !head.isKeepAlive { out.replaceOrAdd(name: "Connection", value: "close") }
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: head.version, status: .init(statusCode: status), headers: out))),
            promise: nil)
        if head.method != .HEAD, !body.isEmpty {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let keepAlive = head.isKeepAlive
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            if !keepAlive { context.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
