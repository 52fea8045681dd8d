import HTTPCore
import Testing

/// The event-stream parser and the JSON record splitter: the WHATWG rules, and the same events
/// however the bytes are chunked (every split offset, and byte by byte).
@Suite("Stream parsing: Server-Sent Events (WHATWG) and NDJSON / json-seq records")
struct StreamParsingTests {
    typealias Event = ServerSentEventParser.Event

    /// Parses `text` in one piece, split at every offset into two, and byte by byte; expects the same every time.
    func sse(_ bytes: [UInt8]) -> [Event] {
        var whole = ServerSentEventParser()
        var expected: [Event] = []
        whole.feed(bytes) { expected.append($0) }
        for split in 0...bytes.count {
            var parser = ServerSentEventParser()
            var got: [Event] = []
            parser.feed(Array(bytes[..<split])) { got.append($0) }
            parser.feed(Array(bytes[split...])) { got.append($0) }
            #expect(got == expected, "split at \(split)")
        }
        var single = ServerSentEventParser()
        var got: [Event] = []
        for byte in bytes { single.feed([byte]) { got.append($0) } }
        #expect(got == expected, "byte by byte")
        return expected
    }

    func sse(_ text: String) -> [Event] { sse(Array(text.utf8)) }

    @Test("data lines join with LF; event and id are kept; a blank line dispatches")
    func fields() {
        let events = sse("event: add\nid: 7\ndata: {\"a\":\ndata:  1}\n\ndata: second\n\n")
        #expect(
            events == [Event(name: "add", id: "7", data: "{\"a\":\n 1}"), Event(name: nil, id: "7", data: "second")])
    }

    @Test("CR, LF and CRLF all end lines, a CRLF split across chunks is one line end")
    func lineEnds() {
        let events = sse("data: a\r\rdata: b\n\ndata: c\r\n\r\ndata: d\r\ndata: e\r\n\r\n")
        #expect(events.map(\.data) == ["a", "b", "c", "d\ne"])
    }

    @Test("comments, unknown fields and empty data: no event; a field without colon has an empty value")
    func comments() {
        #expect(sse(": keep-alive\n\n").isEmpty)
        #expect(sse("event: x\nfoo: bar\n\n").isEmpty)
        #expect(sse("data\n\n") == [Event(name: nil, id: nil, data: "")])
        #expect(sse("data\ndata\n\n") == [Event(name: nil, id: nil, data: "\n")])
        #expect(sse("data:no-space\n\n").map(\.data) == ["no-space"])
        #expect(sse("data:  two\n\n").map(\.data) == [" two"])
    }

    @Test("an id with NUL is ignored, an empty id resets the last event ID, retry takes digits only")
    func idAndRetry() {
        var parser = ServerSentEventParser()
        var got: [Event] = []
        parser.feed(Array("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\nid\ndata: c\n\n".utf8)) { got.append($0) }
        #expect(got.map(\.id) == ["1", "1", nil])
        parser.feed(Array("retry: 1500\n\nretry: 15x\n\nretry: -1\n\n".utf8)) { got.append($0) }
        #expect(parser.retry == 1500)
        parser.feed(Array("id: 9\n\n".utf8)) { got.append($0) }
        #expect(parser.lastEventID == "9")
    }

    @Test("a leading BOM is dropped (even split), only at the very start; a lone BOM-like start is text")
    func byteOrderMark() {
        #expect(sse([0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8)).map(\.data) == ["a"])
        // A second BOM is part of the field name: an unknown field, no event.
        #expect(sse([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8)).isEmpty)
        #expect(sse([0xEF, 0xBB] + Array("\ndata: b\n\n".utf8)).map(\.data) == ["b"])
    }

    @Test("an event cut off by the end of the stream is not dispatched; invalid UTF-8 is replaced")
    func endAndInvalidText() {
        #expect(sse("data: a\n\ndata: b\n").map(\.data) == ["a"])
        #expect(sse(Array("data: ".utf8) + [0xFF, 0x41] + Array("\n\n".utf8)).map(\.data) == ["\u{FFFD}A"])
    }

    func records(_ text: String, sequence: Bool = false) -> [String] {
        let bytes = Array(text.utf8)
        var expected: [String] = []
        var whole = JSONRecordSplitter(sequence: sequence)
        whole.feed(bytes) { expected.append($0) }
        whole.finish { expected.append($0) }
        for split in 0...bytes.count {
            var splitter = JSONRecordSplitter(sequence: sequence)
            var got: [String] = []
            splitter.feed(Array(bytes[..<split])) { got.append($0) }
            splitter.feed(Array(bytes[split...])) { got.append($0) }
            splitter.finish { got.append($0) }
            #expect(got == expected, "split at \(split)")
        }
        return expected
    }

    @Test("NDJSON: one record per line, CRLF and blank lines ignored, a last line without LF counts")
    func jsonLines() {
        #expect(records("{\"a\":1}\r\n\n  \n[2]\n3") == ["{\"a\":1}", "[2]", "3"])
    }

    @Test("json-seq: records start with RS; their line ends are not records")
    func jsonSequence() {
        #expect(records("\u{1E}{\"a\":\n1}\n\u{1E}[2]\n", sequence: true) == ["{\"a\":\n1}", "[2]"])
    }

    @Test("json-seq records keep their own whitespace, and RS LF is an empty record (WebSocket transcripts)")
    func jsonSequenceKeepsWhitespace() {
        #expect(
            records("\n\u{1E}hello \n\u{1E}  \n\u{1E}\n\u{1E}\u{1E}[2]\r\n\u{1E} tail", sequence: true)
                == ["hello ", "  ", "", "[2]", " tail"])
    }

    @Test("an endless event or record keeps at most `limit` bytes; the next one is whole")
    func limits() {
        var parser = ServerSentEventParser(limit: 8)
        var events: [Event] = []
        parser.feed(Array(("data: " + String(repeating: "x", count: 100) + "\n\ndata: ok\n\n").utf8)) {
            events.append($0)
        }
        #expect(events.map(\.data) == ["xx", "ok"])
        var splitter = JSONRecordSplitter(limit: 4)
        var records: [String] = []
        splitter.feed(Array((String(repeating: "1", count: 50) + "\n[2]\n").utf8)) { records.append($0) }
        #expect(records == ["1111", "[2]"])
    }

    @Test("the decoder numbers events and reads formats from Content-Type")
    func decoder() {
        #expect(StreamFormat(contentType: "text/event-stream; charset=utf-8") == .serverSentEvents)
        #expect(StreamFormat(contentType: "Application/X-NDJSON") == .jsonLines)
        #expect(StreamFormat(contentType: "application/jsonl") == .jsonLines)
        #expect(StreamFormat(contentType: "application/json-seq") == .jsonSequence)
        #expect(StreamFormat(contentType: "application/json") == nil)
        let events = StreamDecoder.events(in: Array("event: a\ndata: 1\n\ndata: 2\n\n".utf8), format: .serverSentEvents)
        #expect(events.map(\.index) == [0, 1])
        #expect(events.map(\.name) == ["a", nil])
        #expect(
            StreamDecoder.events(in: Array("1\n2\n3".utf8), format: .jsonLines, limit: 2).map(\.data) == ["1", "2"])
    }
}
