import Foundation
import HTTPCore
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("lookup ignores case and keeps the original spelling")
    func caseInsensitive() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace-ID": "abc"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["X-TRACE-ID"] == "abc")
        #expect(headers.fields.map(\.name) == ["Content-Type", "X-Trace-ID"])
        #expect(headers.contains("x-trace-id"))
        #expect(headers["Missing"] == nil)
    }

    @Test("names match ignoring ASCII case only where letters differ; other characters compare lower-cased")
    func nameMatching() {
        let headers: HTTPHeaders = ["X-API-Key": "1", "Ünïcode-Name": "2", "a[b": "3"]
        #expect(headers["x-api-key"] == "1")
        #expect(headers["X-API-KEY"] == "1")
        #expect(headers["X-API-Kez"] == nil)
        #expect(headers["X-API-Key-"] == nil)
        #expect(headers["X-API-Ke"] == nil)
        // '[' and '{' differ only in bit 0x20 but are not letters: they must not match.
        #expect(headers["a{b"] == nil)
        #expect(headers["A[B"] == "3")
        #expect(headers["üNÏCODE-name"] == "2")
        #expect(headers.contains("ünïcode-name"))
        var changed = headers
        changed.remove(name: "x-api-KEY")
        changed["ÜNÏCODE-NAME"] = "4"
        #expect(changed.fields.map(\.description) == ["ÜNÏCODE-NAME: 4", "a[b: 3"])
    }

    @Test("duplicates are kept in order; set replaces all of them in place")
    func duplicates() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "text/html")
        headers.add(name: "X-A", value: "1")
        headers.add(name: "accept", value: "application/json")
        #expect(headers.values(for: "ACCEPT") == ["text/html", "application/json"])
        #expect(headers.count == 3)
        headers.set(name: "Accept", value: "*/*")
        #expect(headers.fields == [HTTPHeader(name: "Accept", value: "*/*"), HTTPHeader(name: "X-A", value: "1")])
        headers["x-a"] = nil
        #expect(headers.fields == [HTTPHeader(name: "Accept", value: "*/*")])
    }

    @Test("redacted hides credentials and cookies but nothing else")
    func redaction() {
        let headers: HTTPHeaders = ["Authorization": "Bearer s3cr3t", "Cookie": "sid=1", "Accept": "*/*"]
        let shown = headers.redacted().description
        #expect(!shown.contains("s3cr3t"))
        #expect(!shown.contains("sid=1"))
        #expect(shown.contains("Accept: */*"))
    }

    @Test(
        "validate rejects bad names and values with CR/LF or another control (a tab passes) without echoing the value")
    func validation() throws {
        let good: HTTPHeaders = ["X-Ok": "fine"]
        let badName: HTTPHeaders = ["Bad Name": "x"]
        let badValue: HTTPHeaders = ["X-Inject": "a\r\nEvil: 1"]
        try good.validate()
        #expect(throws: RequestError.invalidHeaderName("Bad Name")) { try badName.validate() }
        #expect(throws: RequestError.invalidHeaderValue(name: "X-Inject")) { try badValue.validate() }
        for control in ["\u{01}", "\u{1B}", "\u{7F}", "\u{00}", "\u{0B}"] {
            let headers: HTTPHeaders = ["X-Control": "a\(control)b"]
            #expect(throws: RequestError.invalidHeaderValue(name: "X-Control")) { try headers.validate() }
        }
        let tabbed: HTTPHeaders = ["X-Tab": "a\tb"]
        try tabbed.validate()
        // Long values are read many bytes a step: a control anywhere in them is still found, and
        // what is not ASCII (a UTF-8 value) passes.
        let long = String(repeating: "v", count: 300)
        for position in [0, 31, 32, 257, 299] {
            var bytes = Array(long.utf8)
            bytes[position] = 0x0A
            let headers = HTTPHeaders([("X-Long", String(decoding: bytes, as: UTF8.self))])
            #expect(throws: RequestError.invalidHeaderValue(name: "X-Long")) { try headers.validate() }
        }
        let utf8: HTTPHeaders = ["X-Name": long + "é ü 東京\t" + long]
        try utf8.validate()
    }

    @Test("more than 10,000 fields, or more than 1 MiB of them, is its own error, translated in words")
    func headerLimits() throws {
        func headers(_ count: Int, valueLength: Int = 1) -> HTTPHeaders {
            HTTPHeaders((0..<count).map { ("X-H-\($0)", String(repeating: "v", count: valueLength)) })
        }
        try headers(10_000).validate()
        #expect(throws: RequestError.tooManyHeaders(count: 10_001, bytes: 128_904)) { try headers(10_001).validate() }
        // Few fields, but more bytes than libcurl puts in a request head (it said "Out of memory").
        #expect(throws: RequestError.tooManyHeaders(count: 9, bytes: 1_800_081)) {
            try headers(9, valueLength: 200_000).validate()
        }
        var request = HTTPRequest(url: try #require(URL(string: "http://a.test/")))
        for index in 0..<100_000 { request.headers.add(name: "X-H-\(index)", value: "v") }
        let error = try #require(throws: RequestError.self) { try request.validate() }
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Too many headers")
        #expect(
            translation.explanation
                == "The request has 100,000 headers (1.3 MB); a request carries at most 10,000 headers and 1 MB of them."
        )
    }

    @Test("media type and charset are parsed from Content-Type")
    func contentType() {
        let headers: HTTPHeaders = ["content-type": "Text/HTML ; Charset=\"ISO-8859-1\""]
        #expect(headers.mediaType == "text/html")
        #expect(headers.charset == "iso-8859-1")
        #expect(HTTPHeaders().charset == nil)
    }

    @Test("headers encode as an ordered list, so duplicates survive a round trip")
    func codable() throws {
        let headers = HTTPHeaders([("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
        let decoded = try JSONDecoder().decode(HTTPHeaders.self, from: try JSONEncoder().encode(headers))
        #expect(decoded == headers)
    }

    /// Lines as a transport hands them over: trimmed, each ending in a line feed.
    private static let received = Array(
        "HTTP/1.1 200 OK\nServer: nginx\nSet-Cookie: a=1\nX-Spaced   :   padded value \nno colon here\nset-cookie: b=2\n"
            .utf8)

    @Test("received lines become the fields, in order: status line and lines without a colon skipped")
    func receivedLines() {
        let headers = HTTPHeaders(receivedLines: Self.received)
        #expect(
            headers.fields == [
                HTTPHeader(name: "Server", value: "nginx"), HTTPHeader(name: "Set-Cookie", value: "a=1"),
                HTTPHeader(name: "X-Spaced", value: "padded value"), HTTPHeader(name: "set-cookie", value: "b=2"),
            ])
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(HTTPHeaders(receivedLines: []).isEmpty)
        #expect(HTTPHeaders(receivedLines: Array("HTTP/2 204\n".utf8)).isEmpty)
    }

    @Test("one name's values read from received lines are the parsed fields' values, in order")
    func valuesNamedInReceivedLines() {
        #expect(HTTPHeaders.values(named: "set-cookie", inReceivedLines: Self.received) == ["a=1", "b=2"])
        #expect(HTTPHeaders.values(named: "X-SPACED", inReceivedLines: Self.received) == ["padded value"])
        #expect(HTTPHeaders.values(named: "Set-Cookie", inReceivedLines: Array("HTTP/1.1 200 OK\n".utf8)).isEmpty)
        // Random lines: names of every case and a near miss, blanks around the colon, lines without one.
        var generator = SystemRandomNumberGenerator()
        let names = ["Set-Cookie", "set-cookie", "SET-COOKIE", "Set-Cookies", "Set-Cooki", "X-A", "Server", "Set"]
        for _ in 0..<2_000 {
            var text = Bool.random(using: &generator) ? "HTTP/1.1 200 OK\n" : ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let name = names.randomElement(using: &generator) ?? ""
                let before = Bool.random(using: &generator) ? " " : ""
                let after = ["", " ", "\t "].randomElement(using: &generator) ?? ""
                text +=
                    Int.random(in: 0..<6, using: &generator) == 0
                    ? "no colon here\n" : "\(name)\(before):\(after)v\(Int.random(in: 0...9, using: &generator)) x\n"
            }
            let bytes = Array(text.utf8)
            let parsed = HTTPHeaders(receivedLines: bytes).values(for: "set-cookie")
            #expect(HTTPHeaders.values(named: "Set-Cookie", inReceivedLines: bytes) == parsed, "\(text)")
        }
    }

    @Test("a name looked up in received lines finds what the parsed fields find, before and after they are parsed")
    func lookupInReceivedLines() {
        let names = [
            "Content-Type", "content-type", "CONTENT-TYPE", "Content-Typ", "Content-Types", "X-Ünï", "x-üNÏ",
            "X-ÜNÏ", "X-Üni", "a[b", "a{b", "A[B", "İ", "i̇", "Set-Cookie", "",
        ]
        let lines = [
            "HTTP/1.1 200 OK", "content-type: text/plain", "Content-Type: application/json", "X-Ünï: 1", "a[b: 2",
            "İ: 3", "Set-Cookie:   a=1  ", "no colon here", "set-cookie: b=2",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = lines.shuffled(using: &generator).prefix(Int.random(in: 0...lines.count, using: &generator))
                .map { $0 + "\n" }.joined()
            let received = HTTPHeaders(receivedLines: Array(text.utf8))
            let given = HTTPHeaders(received.fields)
            for name in names {
                // Read first from the lines, then again once `fields` above has parsed them.
                #expect(HTTPHeaders(receivedLines: Array(text.utf8))[name] == given[name], "\(name) in \(text)")
                #expect(received[name] == given[name], "\(name) in \(text)")
                let expected = given.fields.first { $0.name.lowercased() == name.lowercased() }?.value
                #expect(given[name] == expected, "\(name) in \(text)")
            }
        }
    }

    @Test("received headers equal, hash and encode like the same fields given directly")
    func receivedEqualsGiven() throws {
        let received = HTTPHeaders(receivedLines: Self.received)
        let given = HTTPHeaders(received.fields)
        #expect(received == given)
        #expect(received.hashValue == given.hashValue)
        #expect(Set([received, given]).count == 1)
        let decoded = try JSONDecoder().decode(HTTPHeaders.self, from: try JSONEncoder().encode(received))
        #expect(decoded == given)
    }

    @Test("changing received headers keeps the other fields and leaves copies alone")
    func changingReceived() {
        let original = HTTPHeaders(receivedLines: Self.received)
        var changed = original
        changed.set(name: "server", value: "lazer")
        changed.add(name: "X-New", value: "1")
        changed["set-cookie"] = nil
        #expect(
            changed.fields == [
                HTTPHeader(name: "server", value: "lazer"), HTTPHeader(name: "X-Spaced", value: "padded value"),
                HTTPHeader(name: "X-New", value: "1"),
            ])
        #expect(original["Server"] == "nginx")
        #expect(original.count == 4)
    }

    @Test("received headers read from many threads at once all see the same fields")
    func receivedReadConcurrently() async {
        let headers = HTTPHeaders(receivedLines: Self.received)
        let counts = await withTaskGroup(of: [HTTPHeader].self) { group in
            for _ in 0..<16 { group.addTask { headers.fields } }
            return await group.reduce(into: [[HTTPHeader]]()) { $0.append($1) }
        }
        #expect(counts.count == 16)
        #expect(Set(counts.map { $0.map(\.description) }).count == 1)
        #expect(counts.first?.count == 4)
    }
}
