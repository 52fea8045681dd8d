import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import Synchronization

/// `transport-bench`: the CurlDispatcher side of `make bench-transport` (see scripts/bench-transport.sh).
///
///     transport-bench sequential URL COUNT          → wall seconds for COUNT GETs one after another
///     transport-bench concurrent URL COUNT INFLIGHT → requests per second with INFLIGHT in flight
///     transport-bench download URL                  → peak RSS and throughput for one big body
///     transport-bench h2c URL COUNT INFLIGHT        → like concurrent, over HTTP/2 prior knowledge (h2c)
///     transport-bench ws-echo URL COUNT SIZE        → WebSocket round trips/s of SIZE-byte messages
///     transport-bench ws-floor URL COUNT SIZE       → the same from a client that only makes the system calls
///
/// Requests go out as the reference tools send them — `curl` and `wrk` ask for no compression — so
/// `Accept-Encoding` is off unless `COMPRESSED=1` is set (lazer's default for users is on: libcurl
/// then formats one more header line per request, which costs it about 8,000 instructions).
/// `COOKIE_JAR=1` gives every request one shared `CookieJar` (what every `lazer run` request
/// carries), for `make bench-cookies`.
@main
struct TransportBench {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let mode = arguments.first, arguments.count >= 2, let url = URL(string: arguments[1]) else {
            fail(
                "usage: transport-bench sequential|concurrent|download|h2c|ws-echo|ws-floor URL [COUNT [INFLIGHT|SIZE]]"
            )
        }
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        let compressed = ProcessInfo.processInfo.environment["COMPRESSED"] == "1"
        var request = HTTPRequest(
            url: url, options: RequestOptions(totalTimeout: .seconds(120), acceptCompression: compressed))
        if mode == "h2c" { request.options.httpVersion = .http2PriorKnowledge }
        if ProcessInfo.processInfo.environment["COOKIE_JAR"] == "1" { request.options.cookieJar = CookieJar() }
        switch mode {
        case "sequential":
            // One at a time: each completion (on the network thread, as the only transfer) starts the next.
            let start = ContinuousClock.now
            concurrent(dispatcher, request: request, count: count, inFlight: 1)
            print(String(format: "%.3f", seconds(ContinuousClock.now - start)))
        case "concurrent":
            let inFlight = arguments.count > 3 ? Int(arguments[3]) ?? 32 : 32
            let start = ContinuousClock.now
            concurrent(dispatcher, request: request, count: count, inFlight: inFlight)
            print(String(format: "%.0f", Double(count) / seconds(ContinuousClock.now - start)))
        case "h2c":
            let version = await dispatcher.dataFuture(from: request).fetchResult().map(\.httpVersion)
            guard case .success(.http2) = version else { fail("h2c: expected an HTTP/2 response, got \(version)") }
            let inFlight = arguments.count > 3 ? Int(arguments[3]) ?? 32 : 32
            let start = ContinuousClock.now
            concurrent(dispatcher, request: request, count: count, inFlight: inFlight)
            print(String(format: "%.0f", Double(count) / seconds(ContinuousClock.now - start)))
        case "download":
            let start = ContinuousClock.now
            let result = await dispatcher.dataFuture(from: request).fetchResult()
            let elapsed = seconds(ContinuousClock.now - start)
            guard case .success(let response) = result, let file = response.body.fileURL else {
                fail("download failed: \(result)")
            }
            try? FileManager.default.removeItem(at: file)
            let megabytes = Double(response.body.byteCount) / 1_048_576
            print(
                String(
                    format: "peak RSS %.1f MB (%.0f MB body to a temp file at %.0f MB/s)", peakResidentMegabytes(),
                    megabytes, megabytes / elapsed))
        case "ws-floor":
            webSocketFloor(url: url, count: count, size: arguments.count > 3 ? Int(arguments[3]) ?? 100 : 100)
        case "ws-echo":
            let size = arguments.count > 3 ? Int(arguments[3]) ?? 100 : 100
            await webSocketEcho(url: url, count: count, size: size)
        default:
            fail("unknown mode \(mode)")
        }
        dispatcher.shutdown()
    }

    /// Keeps `inFlight` requests running: each completion starts the next, until `count` finished.
    /// Observers run inline (`ImmediateScheduler`) where the engine completes a future — on its
    /// network thread, at the end of a loop round — so the next request starts from there.
    private static func concurrent(_ dispatcher: CurlDispatcher, request: HTTPRequest, count: Int, inFlight: Int) {
        let started = Atomic<Int>(0)
        let completed = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        @Sendable func launch() {
            let (previous, _) = started.add(1, ordering: .relaxed)
            guard previous < count else { return }
            _ = dispatcher.dataFuture(from: request).result { result in
                expectOK(result)
                // Wake the waiting thread once, at the end, not once per request.
                if completed.add(1, ordering: .relaxed).newValue == count { finished.signal() }
                launch()
            }.send()
        }
        for _ in 0..<min(inFlight, count) { launch() }
        if count > 0 { finished.wait() }
    }

    private static func expectOK(_ result: Result<Response<ResponseBody>, any Error>) {
        guard case .success(let response) = result, response.statusCode.rawValue == 200 else {
            fail("request failed: \(result)")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// VmHWM from /proc/self/status, in MB.
    private static func peakResidentMegabytes() -> Double { residentMegabytes("VmHWM") }

    /// A memory line of /proc/self/status (`VmRSS`, `VmHWM`), in MB.
    static func residentMegabytes(_ field: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
