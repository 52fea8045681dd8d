import Testing

@testable import CurlTransport

@Suite("CurlStringCache: repeated header texts are shared, never mixed up")
struct CurlStringCacheTests {
    private func string(_ cache: CurlStringCache, _ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { cache.string($0) }
    }

    @Test("short and long texts come back exactly, repeated or not")
    func exactTexts() {
        let cache = CurlStringCache()
        let texts = [
            "Server", "nginx/1.22.1", "application/json; charset=utf-8", "Sun, 22 Nov 2026 05:02:52 GMT",
            "Sun, 22 Nov 2026 05:02:53 GMT", "application/json; charset=utf-8", "", "é-ünïcödé header value",
        ]
        for text in texts + texts.reversed() {
            #expect(string(cache, text) == text)
        }
    }

    @Test("many distinct texts hashing into the same slots never return a neighbour's text")
    func collisions() {
        let cache = CurlStringCache()
        let texts = (0..<2000).map { "x-request-identifier-\($0)" }
        for text in texts { #expect(string(cache, text) == text) }
        for text in texts.reversed() { #expect(string(cache, text) == text) }
    }

    @Test("invalid UTF-8 is repaired as String(decoding:) does")
    func invalidUTF8() {
        let cache = CurlStringCache()
        let bytes: [UInt8] = Array("abcdefghijklmnopq".utf8) + [0xFF, 0xFE]
        let expected = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.withUnsafeBufferPointer { cache.string($0) } == expected)
        #expect(bytes.withUnsafeBufferPointer { cache.string($0) } == expected)
    }

    @Test("remote addresses: IPv4 as ip:port, IPv6 in brackets, updated when the address changes")
    func remoteAddresses() {
        let cache = CurlStringCache()
        #expect(cache.remoteAddress(ip: "127.0.0.1", port: 8080) == "127.0.0.1:8080")
        #expect(cache.remoteAddress(ip: "127.0.0.1", port: 8080) == "127.0.0.1:8080")
        #expect(cache.remoteAddress(ip: "127.0.0.1", port: 8081) == "127.0.0.1:8081")
        #expect(cache.remoteAddress(ip: "::1", port: 443) == "[::1]:443")
        #expect(cache.remoteAddress(ip: "127.0.0.2", port: 443) == "127.0.0.2:443")
    }
}
