import HTTPCore
import Testing

/// Where a response read off a kept-alive connection ends (`lazer load`'s keep-alive engine): a
/// wrong end sends the next request's answer to the wrong request, or waits forever.
@Suite struct HTTP1ResponseFramingTests {
    static func frame(_ text: String, expectsBody: Bool = true, closed: Bool = false) -> HTTP1ResponseFraming.Outcome {
        Array(text.utf8).withUnsafeBytes { HTTP1ResponseFraming.frame($0, expectsBody: expectsBody, closed: closed) }
    }

    static func response(_ text: String) -> (status: Int, reason: String, headers: [String], body: String)? {
        let bytes = Array(text.utf8)
        guard case .complete(let frame) = frame(text) else { return nil }
        return bytes.withUnsafeBytes { all in
            let response = RawHTTPResponse(bytes: UnsafeRawBufferPointer(rebasing: all[0..<frame.end]), frame: frame)
            let headers = HTTPHeaders(receivedLines: response.headerLines).map { "\($0.name): \($0.value)" }
            return (response.status, response.reason, headers, String(decoding: response.body(), as: UTF8.self))
        }
    }

    @Test func aContentLengthEndsTheBodyAndTheNextResponseStartsAfterIt() throws {
        let first = "HTTP/1.1 200 OK\r\nContent-Length: 11\r\nContent-Type: application/json\r\n\r\n{\"ok\":true}"
        let text = first + "HTTP/1.1 500 Oops\r\nContent-Length: 0\r\n\r\n"
        guard case .complete(let frame) = Self.frame(text) else {
            Issue.record("not framed")
            return
        }
        #expect(frame.end == first.utf8.count)
        #expect(frame.status == 200)
        #expect(!frame.closesConnection)
        let parsed = try #require(Self.response(text))
        #expect(parsed.reason == "OK")
        #expect(parsed.headers == ["Content-Length: 11", "Content-Type: application/json"])
        #expect(parsed.body == "{\"ok\":true}")
    }

    @Test func everyCutBeforeTheEndIsIncomplete() {
        let texts = [
            "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\":true}",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"ok\"\r\n6;x=1\r\n:true}\r\n0\r\nT: 1\r\n\r\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            for cut in 0..<bytes.count {
                let outcome = Array(bytes[0..<cut]).withUnsafeBytes {
                    HTTP1ResponseFraming.frame($0, expectsBody: true)
                }
                #expect(outcome == .incomplete, "cut at \(cut) of \(text.debugDescription)")
            }
            guard case .complete(let frame) = Self.frame(text) else {
                Issue.record("not framed: \(text.debugDescription)")
                continue
            }
            #expect(frame.end == bytes.count)
        }
    }

    @Test func aChunkedBodyLosesItsFramingExtensionsAndTrailers() throws {
        let text =
            "HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n5\r\n{\"ok\"\r\n6;ext=1\r\n:true}\r\n0\r\nX-T: 1\r\n\r\n"
        let parsed = try #require(Self.response(text))
        #expect(parsed.body == "{\"ok\":true}")
    }

    @Test func interimHeadsAreSkipped() {
        guard
            case .complete(let frame) = Self.frame(
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
        else {
            Issue.record("not framed")
            return
        }
        #expect(frame.status == 201)
        #expect(frame.start == 25)
    }

    @Test func aBodyWithoutALengthRunsToTheClose() {
        let text = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello"
        #expect(Self.frame(text) == .incomplete)
        guard case .complete(let frame) = Self.frame(text, closed: true) else {
            Issue.record("not framed at the close")
            return
        }
        #expect(frame.end == text.utf8.count)
        #expect(frame.closesConnection)
    }

    @Test func whatClosesTheConnection() {
        func closes(_ text: String) -> Bool? {
            guard case .complete(let frame) = Self.frame(text) else { return nil }
            return frame.closesConnection
        }
        #expect(closes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n") == true)
        #expect(closes("HTTP/1.1 200 OK\r\nconnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n") == false)
        #expect(closes("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n") == true)
        #expect(closes("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n") == false)
    }

    @Test func headRequestsAnd204And304HaveNoBody() {
        let head = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"
        #expect(Self.frame(head) == .incomplete)
        guard case .complete(let frame) = Self.frame(head, expectsBody: false) else {
            Issue.record("a HEAD answer waited for its body")
            return
        }
        #expect(frame.end == head.utf8.count)
        for status in ["204 No Content", "304 Not Modified"] {
            guard case .complete = Self.frame("HTTP/1.1 \(status)\r\nContent-Length: 5\r\n\r\n") else {
                Issue.record("\(status) waited for a body")
                continue
            }
        }
    }

    @Test func whatIsNotAnHTTPResponse() {
        #expect(Self.frame("SSH-2.0-OpenSSH\r\n\r\n") == .malformed("no HTTP/1.x status line"))
        #expect(Self.frame("HTTP/1.1 2x0 OK\r\n\r\n") == .malformed("no HTTP/1.x status line"))
        #expect(
            Self.frame("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                == .malformed("a chunk size that is not hexadecimal"))
        let endless = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 20_000)
        #expect(Self.frame(endless) == .headTooLarge)
        // Refused from its first bytes, not after 100 KB of waiting.
        #expect(Self.frame("SSH-") == .malformed("no HTTP/1.x status line"))
        #expect(Self.frame("HTTP/1") == .incomplete)
    }

    @Test func bareLineFeedsEndAHeadAsLibcurlTakesThem() {
        guard case .complete(let frame) = Self.frame("HTTP/1.1 200 OK\nContent-Length: 2\n\nok") else {
            Issue.record("an LF-only head was not framed")
            return
        }
        #expect(frame.end == 37)
    }

    @Test func aContentLengthListOfOneNumberIsThatNumber() {
        guard case .complete(let frame) = Self.frame("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok") else {
            Issue.record("a list of one length was not framed")
            return
        }
        #expect(frame.end == 43)
        for bad in ["2, 3", "x", "", "2,"] {
            #expect(
                Self.frame("HTTP/1.1 200 OK\r\nContent-Length: \(bad)\r\n\r\nok")
                    == .malformed("a Content-Length that is not one number"), "\(bad)")
        }
    }

    /// Read a byte at a time with the progress kept, a response frames where it does whole.
    @Test func progressKeptBetweenReadsFramesTheSame() {
        let texts = [
            "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\":true}",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n3;x\r\nabc\r\n0\r\nT: 1\r\n\r\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            var progress = HTTP1ResponseFraming.Progress()
            var outcome = HTTP1ResponseFraming.Outcome.incomplete
            for end in 1...bytes.count {
                outcome = Array(bytes[0..<end]).withUnsafeBytes {
                    HTTP1ResponseFraming.frame($0, expectsBody: true, progress: &progress)
                }
                if end < bytes.count { #expect(outcome == .incomplete, "at \(end)") }
            }
            #expect(outcome == Self.frame(text), "\(text.debugDescription)")
        }
    }
}
