import Foundation
import HTTPCore
import Synchronization
import Testing

/// The parts of an SSE reconnection that need no server: where a connection's body may be cut (after
/// its last blank line, whatever the line ends), which ID a reconnection sends, and the bodies of
/// the connections joined into one that decodes to the events the user watched arrive.
@Suite("SSE reconnection: the cut, the last event ID and joined bodies")
struct StreamReconnectionPartsTests {
    typealias Event = ServerSentEventParser.Event

    @Test("the last event ID changes at a blank line only: an id in an event cut off by the close is not sent")
    func lastEventIDAtDispatch() {
        var parser = ServerSentEventParser()
        var got: [Event] = []
        parser.feed(Array("retry: 40\nid: 1\ndata: a\n\nid: 2\ndata: cut".utf8)) { got.append($0) }
        #expect(got.map(\.id) == ["1"])
        #expect(parser.lastEventID == "1")
        #expect(parser.completeLength == Int64("retry: 40\nid: 1\ndata: a\n\n".utf8.count))
        // The next connection goes on from ID 1 and the retry time; its own events take their IDs.
        var next = parser.reconnected()
        #expect(next.lastEventID == "1")
        #expect(next.retry == 40)
        #expect(next.completeLength == 0)
        var again: [Event] = []
        next.feed(Array("data: b\n\nid: 3\ndata: c\n\n".utf8)) { again.append($0) }
        #expect(again.map(\.id) == ["1", "3"])
    }

    @Test(
        "the cut ends after the last blank line with LF, CR or CRLF ends, however the bytes are chunked",
        arguments: ["\n", "\r", "\r\n"])
    func cutWithEveryLineEnd(_ end: String) {
        let whole = "data: a\(end)\(end)data: b\(end)\(end)data: c"
        // Up to the blank line's first byte (a CRLF's LF is left to the next body, which skips it).
        let expected = Int64("data: a\(end)\(end)data: b\(end)".utf8.count) + 1
        let bytes = Array(whole.utf8)
        for split in 0...bytes.count {
            var parser = ServerSentEventParser()
            parser.feed(Array(bytes[..<split])) { _ in }
            parser.feed(Array(bytes[split...])) { _ in }
            #expect(parser.completeLength == expected, "split at \(split)")
        }
    }

    @Test("two bodies in memory join in memory: the first cut, the second's BOM dropped; they decode as one stream")
    func joinedInMemory() throws {
        let first = ResponseBody.data(Data("id: 1\ndata: a\n\ndata: cut".utf8))
        let second = ResponseBody.data(Data([0xEF, 0xBB, 0xBF] + Array("id: 2\ndata: b\n\n".utf8)))
        let joined = try first.joined(cutTo: 15, with: second)
        #expect(joined == .data(Data("id: 1\ndata: a\n\nid: 2\ndata: b\n\n".utf8)))
        let events = StreamDecoder.events(in: try joined.data(), format: .serverSentEvents)
        #expect(events.map(\.data) == ["a", "b"])
        #expect(events.map(\.index) == [0, 1])
    }

    @Test("bodies in memory past the memory limit together are joined in a spill file, not in memory")
    func joinedPastTheMemoryLimit() throws {
        let first = ResponseBody.data(Data("data: a\n\n".utf8))
        let joined = try first.joined(cutTo: 9, with: .data(Data("data: b\n\n".utf8)), memoryLimit: 12)
        let url = try #require(joined.fileURL)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(ResponseBody.isTransportSpill(url), "its reader removes it once read, as a transport's")
        #expect(joined.byteCount == 18)
        #expect(try Data(contentsOf: url) == Data("data: a\n\ndata: b\n\n".utf8))
    }

    @Test("a transport's spill file is cut and appended to in place; the next spill file is removed")
    func joinedInSpillFiles() throws {
        let folder = FileManager.default.temporaryDirectory
        let first = folder.appendingPathComponent(ResponseBody.spillFilePrefix + UUID().uuidString)
        let second = folder.appendingPathComponent(ResponseBody.spillFilePrefix + UUID().uuidString)
        try Data("data: a\n\ndata: cu".utf8).write(to: first)
        try Data("data: b\n\n".utf8).write(to: second)
        defer { try? FileManager.default.removeItem(at: first) }
        let joined = try ResponseBody.file(first, byteCount: 17).joined(
            cutTo: 9, with: .file(second, byteCount: 9))
        #expect(joined == .file(first, byteCount: 18))
        #expect(try Data(contentsOf: first) == Data("data: a\n\ndata: b\n\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: second.path))
    }

    @Test("a file that is not a transport's (a mock's body file) is read, never changed: the join is a new file")
    func aMockFileIsNotChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mockFile = folder.appendingPathComponent("events.txt")
        try Data("data: a\n\ndata: cu".utf8).write(to: mockFile)
        let joined = try ResponseBody.file(mockFile, byteCount: 17).joined(
            cutTo: 9, with: .data(Data("data: b\n\n".utf8)))
        let url = try #require(joined.fileURL)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(url != mockFile)
        #expect(try Data(contentsOf: url) == Data("data: a\n\ndata: b\n\n".utf8))
        #expect(try Data(contentsOf: mockFile) == Data("data: a\n\ndata: cu".utf8))
    }

    @Test(
        "a reconnected stream numbers events on and keeps its limit over connections; a non-stream head changes nothing"
    )
    func responseStreamCarriesOn() {
        let events = EventBox()
        let stream = ResponseStream(maxEvents: 3) { events.add($0) }
        let sse = HTTPHeaders([("Content-Type", "text/event-stream")])
        #expect(stream.open(status: 200, headers: sse))
        _ = Array("id: 1\ndata: a\n\nid: 2\ndata: b\n\n".utf8).withUnsafeBytes { stream.receive($0) }
        stream.reconnecting()
        #expect(stream.reconnections == 1)
        // A redirect's head on the way is not the stream's: the events stay as they were.
        #expect(!stream.open(status: 307, headers: HTTPHeaders([("Content-Type", "text/plain")])))
        #expect(stream.format == .serverSentEvents)
        #expect(stream.lastEventID == "2")
        #expect(stream.open(status: 200, headers: sse))
        let more = Array("id: 3\ndata: c\n\nid: 4\ndata: d\n\n".utf8).withUnsafeBytes { stream.receive($0) }
        #expect(!more, "the third event is the limit")
        #expect(events.all.map(\.index) == [0, 1, 2])
        #expect(events.all.map(\.data) == ["a", "b", "c"])
        #expect(stream.end == .eventLimit)
    }
}

/// Events a stream handed over, gathered across threads.
private final class EventBox: Sendable {
    private let events = Mutex<[StreamEvent]>([])
    func add(_ batch: [StreamEvent]) { events.withLock { $0 += batch } }
    var all: [StreamEvent] { events.withLock { $0 } }
}
