import Foundation
import HTTPCore
import NIOCore
import NIOHTTP1
import TerminalText
import Workspace

#if canImport(Glibc)
import Glibc
#endif

/// Answers the requests of one connection from a ``MockRouteTable``. NIO's pipelining handler in
/// front of it holds a pipelined request back until the previous response has ended, so requests
/// are answered one at a time, in order.
final class MockRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// A request body is kept for matching up to this size when a route matches on bodies (the same
    /// limit the in-process mock reads a file body to); otherwise it is read and dropped as it streams in.
    static let maxMatchedBody = 16 << 20

    private let table: MockRouteTable
    private let guardrail: MockFileGuard
    private let onRequest: @Sendable (MockRequestLog) -> Void
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    private var keepsBody = false
    /// An upgrade the table answered without a WebSocket script: answered from there, not matched again.
    private let slot: MockUpgradeSlot?

    init(
        table: MockRouteTable, guardrail: MockFileGuard, slot: MockUpgradeSlot? = nil,
        onRequest: @escaping @Sendable (MockRequestLog) -> Void
    ) {
        self.table = table
        self.slot = slot
        self.guardrail = guardrail
        self.onRequest = onRequest
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = nil
            keepsBody = table.matchesBodies
        case .body(var chunk):
            guard keepsBody else { return }
            if (body?.readableBytes ?? 0) + chunk.readableBytes > Self.maxMatchedBody {
                keepsBody = false
                body = nil
            } else if body == nil {
                body = chunk
            } else {
                body?.writeBuffer(&chunk)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let requestBody = body.map { RequestBody.bytes(Data($0.readableBytesView)) } ?? .none
            body = nil
            answer(head, requestBody: requestBody, context: context)
        }
    }

    private func answer(_ head: HTTPRequestHead, requestBody: RequestBody, context: ChannelHandlerContext) {
        let started = ContinuousClock.now
        let answer = slot?.take() ?? table.answer(Self.request(head, body: requestBody))
        guard let delay = answer.response.delay, delay > .zero else {
            send(answer, for: head, started: started, context: context)
            return
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: delay.timeAmount) {
            self.send(answer, for: head, started: started, context: context)
        }
    }

    private func send(
        _ answer: MockAnswer, for head: HTTPRequestHead, started: ContinuousClock.Instant,
        context: ChannelHandlerContext
    ) {
        let mock = answer.response
        let log: (Int, Int64) -> Void = { [onRequest] status, bytes in
            onRequest(
                MockRequestLog(
                    time: Date(), method: head.method.rawValue, target: head.uri, route: answer.route?.description,
                    status: status, duration: ContinuousClock.now - started, bytes: bytes))
        }
        // A simulated transport failure: the connection ends without an answer.
        if mock.failure != nil {
            log(0, 0)
            context.close(promise: nil)
            return
        }
        var status = mock.status.rawValue
        var headers = NIOHTTP1.HTTPHeaders()
        for field in mock.headers where !Self.framingHeaders.contains(field.name.lowercased()) {
            // The loader refuses such a field; a route built in code may still hold one, and NIO
            // would refuse the whole head (the client getting no answer at all).
            guard RecordedHeaders.canBeSent(field) else { continue }
            headers.add(name: field.name, value: field.value)
        }
        if let chunks = mock.stream, head.method != .HEAD {
            sendStream(
                chunks, loops: mock.loopsStream, status: status, headers: headers, for: head, context: context, log: log
            )
            return
        }
        var payload: IOData?
        var file: NIOFileHandle?
        var length: Int64 = 0
        switch mock.body {
        case .empty:
            break
        case .data(let data):
            payload = .byteBuffer(context.channel.allocator.buffer(bytes: data))
            length = Int64(data.count)
        case .file(let path):
            switch Self.open(path, guardrail: guardrail) {
            case .success(let (handle, size)):
                file = handle
                length = size
                payload = .fileRegion(FileRegion(fileHandle: handle, readerIndex: 0, endIndex: Int(size)))
            case .failure(let problem):
                status = 500
                let text =
                    "{\"error\": \"the mock body file cannot be served\", \"reason\": \(Self.quoted(problem.description))}"
                headers.replaceOrAdd(name: "Content-Type", value: "application/json")
                let buffer = context.channel.allocator.buffer(string: text)
                length = Int64(buffer.readableBytes)
                payload = .byteBuffer(buffer)
            }
        }
        let bodyless = head.method == .HEAD || status == 204 || status == 304 || (100..<200).contains(status)
        if status != 204, status != 304, !(100..<200).contains(status) {
            headers.replaceOrAdd(name: "Content-Length", value: String(length))
        }
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let responseHead = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if let rate = mock.bytesPerSecond, let payload, !bodyless, length > 0 {
            sendPaced(payload, length: Int(length), rate: rate, keepAlive: keepAlive, context: context) {
                try? file?.close()
                log(status, $0)
            }
            return
        }
        if let payload, !bodyless {
            context.write(wrapOutboundOut(.body(payload)), promise: nil)
        }
        let sent = bodyless ? 0 : length
        // The common case (a body from memory, keep-alive) needs nothing once the write is done:
        // logged at once, no promise or callback per request.
        guard file != nil || !keepAlive else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            log(status, sent)
            return
        }
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        done.futureResult.assumeIsolated().whenComplete { _ in
            try? file?.close()
            log(status, sent)
            if !keepAlive { context.close(promise: nil) }
        }
    }

    /// The request a head (and body) stands for, as the route table matches it.
    static func request(_ head: HTTPRequestHead, body: RequestBody) -> HTTPRequest {
        var headers = HTTPCore.HTTPHeaders()
        for (name, value) in head.headers { headers.add(name: name, value: value) }
        let method = HTTPCore.HTTPMethod(rawValue: head.method.rawValue) ?? .get
        return HTTPRequest(method: method, path: head.uri, serverProvider: nil, headers: headers, body: body)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Headers the server sets itself from the body it sends.
    private static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// Opens a body file the guard allows (resolved again now: it may have become a link), never
    /// following a final symbolic link, and returns it with its size.
    private static func open(_ path: String, guardrail: MockFileGuard) -> Result<
        (NIOFileHandle, Int64), MockFileProblem
    > {
        switch guardrail.resolve(path) {
        case .failure(let problem):
            return .failure(problem)
        case .success(let real):
            let descriptor = Glibc.open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else {
                return .failure(MockFileProblem(path: path, reason: "the file cannot be opened"))
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                return .failure(MockFileProblem(path: path, reason: "it is not a regular file"))
            }
            return .success((NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor), Int64(info.st_size)))
        }
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return TerminalText.jsonSafe(String(decoding: data, as: UTF8.self))
    }
}
