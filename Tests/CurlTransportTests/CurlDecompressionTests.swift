import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// The loopback server's `/encoded` payload, before encoding.
private let payload = #"{"encoded": true, "text": "the same body in every content coding"}"#

/// Content codings beyond gzip: deflate always, br and zstd as the installed libcurl supports them
/// (`CurlDispatcher.features`). The server writes br and zstd as stored blocks: valid streams
/// without a compressor library.
@Suite("CurlDispatcher content decoding: deflate, br, zstd")
struct CurlDecompressionTests {
    private static func supported(_ coding: String) -> Bool {
        switch coding {
        case "br": CurlDispatcher.features.brotli
        case "zstd": CurlDispatcher.features.zstd
        default: CurlDispatcher.features.gzip
        }
    }

    @Test("Accept-Encoding offers exactly the codings this libcurl decodes; none when compression is off")
    func acceptEncoding() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let echo = try Echo(try await dispatcher.dataFuture(from: DispatcherSupport.request(server.url("/echo"))).value)
        let offered = Set(
            (echo.values("accept-encoding").first ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
        for coding in ["deflate", "gzip", "br", "zstd"] {
            #expect(offered.contains(coding) == Self.supported(coding == "gzip" ? "deflate" : coding), "\(coding)")
        }
        let plain = DispatcherSupport.request(server.url("/echo")) { $0.options.acceptCompression = false }
        #expect(try Echo(try await dispatcher.dataFuture(from: plain).value).values("accept-encoding").isEmpty)
    }

    @Test(
        "a body in each coding arrives decoded (Content-Encoding kept in the headers)",
        arguments: ["deflate", "br", "zstd"])
    func decoded(coding: String) async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.url("/encoded?coding=\(coding)"))
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        guard Self.supported(coding) else {
            // A libcurl without this decoder cannot decode it: a clear failure, never garbage.
            #expect(await DispatcherSupport.transportError(future)?.reason == .decompressionFailure)
            return
        }
        let response = try await future.value
        #expect(String(decoding: try response.body.data(), as: UTF8.self) == payload)
        #expect(response.headers["content-encoding"] == coding)
        #expect(response.bytesReceived > 0)
    }

    @Test("with compression off the encoded bytes are handed over as they came")
    func raw() async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.url("/encoded?coding=zstd")) {
            $0.options.acceptCompression = false
        }
        let body = try await DispatcherSupport.dispatcher().dataFuture(from: request).value.body.data()
        #expect(body.prefix(4) == Data([0x28, 0xB5, 0x2F, 0xFD]))  // the zstd frame magic
        #expect(body.count > payload.utf8.count)
    }
}
