import Testing

@testable import CurlTransport

@Suite("ResponseHead: header lines kept as bytes, parsed when read")
struct ResponseHeadTests {
    private func head(_ lines: [String]) -> ResponseHead {
        var head = ResponseHead()
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { head.append($0) }
        }
        return head
    }

    @Test("status line, reason and fields in order, duplicates and case kept, blanks around values trimmed")
    func parses() {
        let parsed = head(["HTTP/1.1 200 OK fine", "X-Dup: one", "x-dup:two", "Empty:", "Spaced :  v  a", "no colon"])
        #expect(parsed.statusVersion == "HTTP/1.1")
        #expect(parsed.reason == "OK fine")
        let fields = parsed.headers.map { "\($0.name)=\($0.value)" }
        #expect(fields == ["X-Dup=one", "x-dup=two", "Empty=", "Spaced=v  a"])
    }

    @Test("HTTP/2 has no reason; a head without a status line has no version")
    func statusLines() {
        #expect(head(["HTTP/2 204"]).reason == "")
        #expect(head(["HTTP/2 204"]).statusVersion == "HTTP/2")
        #expect(head(["A: b"]).statusVersion == "")
        #expect(head(["A: b"]).headers.map(\.value) == ["b"])
    }

    @Test("reset starts a new response (redirects, 100 Continue); invalid UTF-8 is repaired")
    func resetAndRepair() {
        var parsed = head(["HTTP/1.1 302 Found", "Location: /next"])
        parsed.reset()
        let bytes = Array("X-Bin: a".utf8) + [0xFF]
        bytes.withUnsafeBufferPointer { parsed.append($0) }
        #expect(parsed.headers.map(\.name) == ["X-Bin"])
        #expect(parsed.headers.first?.value == String(decoding: Array("a".utf8) + [0xFF], as: UTF8.self))
    }

    @Test("a head made by hand reads back its fields")
    func madeByHand() {
        let made = ResponseHead(statusLine: "HTTP/1.1 301 Moved", headers: [("Location", "/x"), ("A", "")])
        #expect(made.reason == "Moved")
        #expect(made.headers.map { "\($0.name)=\($0.value)" } == ["Location=/x", "A="])
    }
}

@Suite("Content-Length read while headers arrive (it decides memory or file for the body)")
struct ContentLengthLineTests {
    private func length(_ line: String) -> Int64? {
        Array(line.utf8).withUnsafeBufferPointer { CurlTransfer.contentLength($0) }
    }

    @Test("any letter case and blanks around the colon; only digits; no overflow")
    func reads() {
        #expect(length("Content-Length: 42") == 42)
        #expect(length("content-length:7") == 7)
        #expect(length("CONTENT-LENGTH \t:  300000000000") == 300_000_000_000)
        #expect(length("Content-Length: 12abc") == nil)
        #expect(length("Content-Length:") == nil)
        #expect(length("Content-Length: 99999999999999999999") == nil)
        #expect(length("Content-Type: 42") == nil)
        #expect(length("Content-Lengthy: 42") == nil)
    }
}
