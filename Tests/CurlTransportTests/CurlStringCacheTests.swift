import Testing

@testable import CurlTransport

@Suite("CurlStringCache: the remote address is made once per address")
struct CurlStringCacheTests {
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
