import Foundation
import HTTPCore
import Testing

@testable import AWSSigning

/// The pieces a signature reads that the botocore vectors do not reach: a host written in upper
/// case or with a port padded by zeros, and the payload hash remembered for a repeated body.
@Suite struct SigV4PiecesTests {
    private func host(_ url: String) -> String? {
        var url = url
        return url.withUTF8 { SigV4URL($0)?.host }
    }

    @Test func hostIsLowerCasedWithItsPortOnlyWhenNotTheSchemesDefault() {
        #expect(host("http://127.0.0.1:18931/items/1?page=1") == "127.0.0.1:18931")
        #expect(host("https://example.com/") == "example.com")
        #expect(host("https://example.com:443/") == "example.com")
        #expect(host("http://example.com:80") == "example.com")
        #expect(host("HTTP://Example.COM:0080/x") == "example.com")
        #expect(host("http://Example.COM:8080/x") == "example.com:8080")
        #expect(host("http://h:08080/x") == "h:8080")
        #expect(host("http://user:pass@h:9000/x") == "h:9000")
        #expect(host("http://[::1]:8080/x") == "[::1]:8080")
        #expect(host("http://[::1]/x") == "[::1]")
    }

    @Test func repeatedBodyHashEqualsAFreshHashAndAChangedBodyIsHashedAgain() {
        let memo = SigV4PayloadMemo()
        let body = Data(repeating: 0x78, count: 1000)
        let fresh = SigV4PayloadHash.hex(of: body)
        #expect(memo.hex(of: body) == fresh)
        #expect(memo.hex(of: Data(body)) == fresh)
        var changed = body
        changed[999] = 0x79
        #expect(memo.hex(of: changed) == SigV4PayloadHash.hex(of: changed))
        #expect(memo.hex(of: changed) != fresh)
        #expect(memo.hex(of: Data()) == SigV4PayloadHash.empty)
        let large = Data(repeating: 1, count: SigV4PayloadMemo.limit + 1)
        #expect(memo.hex(of: large) == SigV4PayloadHash.hex(of: large))
    }
}
