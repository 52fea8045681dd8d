import HTTPCore
import NIOCore
import NIOHTTP1

/// A streamed mock answer (SSE, NDJSON): the head at once (chunked, no length), then each piece
/// written and flushed when its delay has passed, then the end (a looping answer starts again
/// instead, when some piece has a delay). A client that hangs up ends it.
extension MockRequestHandler {
    func sendStream(
        _ chunks: [MockStreamChunk], loops: Bool, status: Int, headers: NIOHTTP1.HTTPHeaders, for head: HTTPRequestHead,
        context: ChannelHandlerContext, log: @escaping (Int, Int64) -> Void
    ) {
        var headers = headers
        headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
        if !headers.contains(name: "Cache-Control") { headers.add(name: "Cache-Control", value: "no-cache") }
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        context.writeAndFlush(
            wrapOutboundOut(
                .head(
                    HTTPResponseHead(
                        version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers))),
            promise: nil)
        let loop = context.eventLoop.assumeIsolated()
        var sent: Int64 = 0
        let loops = loops && chunks.contains { $0.delay > .zero }
        // Pieces are written in a loop, not by recursion (thousands without a delay would overflow
        // the event loop's stack); a piece with a delay is scheduled (`waited` once it comes).
        func write(from start: Int, waited: Bool) {
            var index = start
            var waited = waited
            while true {
                guard context.channel.isActive else {
                    log(status, sent)
                    return
                }
                if loops, index == chunks.count { index = 0 }
                guard index < chunks.count else {
                    let done = context.eventLoop.makePromise(of: Void.self)
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
                    done.futureResult.assumeIsolated().whenComplete { _ in
                        log(status, sent)
                        if !keepAlive { context.close(promise: nil) }
                    }
                    return
                }
                let chunk = chunks[index]
                if !waited, chunk.delay > .zero {
                    let next = index
                    loop.scheduleTask(in: chunk.delay.timeAmount) { write(from: next, waited: true) }
                    return
                }
                waited = false
                context.writeAndFlush(
                    wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: chunk.data)))),
                    promise: nil)
                sent += Int64(chunk.data.count)
                index += 1
            }
        }
        write(from: 0, waited: false)
    }
}
