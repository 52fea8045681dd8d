import JSONTree
import Synchronization
import Testing

/// Borrowed bytes (a mapped file) are handed back behind each pass over them — the entry count,
/// the parse, the printer — so a gigabyte body is never resident whole (issue 31, goal 2).
@Suite struct PageReleaseTests {
    /// Memory that stays valid while borrowed, and the release requests it was sent, in order.
    final class Borrowed: @unchecked Sendable {
        // @unchecked: the memory is written once, in init, and only read after; the list is locked.
        let pointer: UnsafeMutableRawBufferPointer
        let releases = Mutex<[Range<Int>]>([])

        init(_ bytes: [UInt8]) {
            pointer = .allocate(byteCount: bytes.count, alignment: 16)
            bytes.withUnsafeBytes { pointer.copyMemory(from: $0) }
        }

        deinit { pointer.deallocate() }

        var bytes: JSONBytes {
            JSONBytes(borrowing: UnsafeRawBufferPointer(pointer), owner: self) { [self] range in
                releases.withLock { $0.append(range) }
            }
        }

        var released: [Range<Int>] { releases.withLock { $0 } }
    }

    /// About `megabytes` MB of an array of small objects.
    static func body(megabytes: Int) -> [UInt8] {
        var text = "["
        var number = 0
        while text.utf8.count < megabytes << 20 {
            if number > 0 { text += "," }
            text += #"{"id":\#(number),"name":"item-\#(number)","tags":["a","b"],"price":\#(number % 97).5}"#
            number += 1
        }
        return Array((text + "]").utf8)
    }

    /// A body of about `megabytes` MB, the memory it is borrowed from, and the document parsed over it.
    static func parsedBorrowed(megabytes: Int) throws -> ([UInt8], Borrowed, JSONDocument) {
        let bytes = body(megabytes: megabytes)
        let memory = Borrowed(bytes)
        return (bytes, memory, try JSONDocument(bytes: memory.bytes))
    }

    /// The releases after the first `parsed`: at least one per stride of the body, each further on.
    static func expectReleasedBehind(_ memory: Borrowed, after parsed: Int, body count: Int) {
        let behind = memory.released.dropFirst(parsed)
        #expect(behind.count >= count / JSONPageRelease.stride - 1)
        #expect(zip(behind, behind.dropFirst()).allSatisfy { $0.upperBound < $1.upperBound })
    }

    @Test("the parse hands back the pages it went past as it goes, then all of them; the tape is the same")
    func parseReleasesBehind() throws {
        let bytes = Self.body(megabytes: 20)
        let memory = Borrowed(bytes)
        let document = try JSONDocument(bytes: memory.bytes)
        #expect(document == (try JSONDocument(bytes: bytes)))
        let released = memory.released
        let stride = JSONPageRelease.stride
        // The entry count: each stride counted, then released.
        let counting = released.prefix { $0.upperBound % stride == 0 && $0.upperBound < bytes.count }
        #expect(counting.map(\.upperBound) == Array(Swift.stride(from: stride, to: bytes.count, by: stride)))
        // The parse: releases behind it while it runs, each further on, then the whole body.
        let parsing = released.dropFirst(counting.count + 1).dropLast()
        #expect(parsing.count >= bytes.count / stride - 1)
        #expect(zip(parsing, parsing.dropFirst()).allSatisfy { $0.upperBound < $1.upperBound })
        #expect(parsing.allSatisfy { $0.lowerBound == 0 && $0.upperBound < bytes.count })
        #expect(released.last == 0..<bytes.count)
    }

    @Test("printing in document order hands back pages behind the printer; sorted printing reads the same")
    func printerReleasesBehind() throws {
        let (bytes, memory, document) = try Self.parsedBorrowed(megabytes: 12)
        let parsed = memory.released.count
        let printed = JSONPrinter.print(document)
        #expect(printed == JSONPrinter.print(try JSONDocument(bytes: bytes)))
        Self.expectReleasedBehind(memory, after: parsed, body: bytes.count)
        let compact = JSONPrintOptions(indent: 0)
        #expect(JSONPrinter.print(document, options: compact) == bytes)
    }

    @Test("a search hands back the pages behind it as it goes and finds what it finds over an array")
    func searchReleasesBehind() throws {
        let (bytes, memory, document) = try Self.parsedBorrowed(megabytes: 12)
        let parsed = memory.released.count
        var search = try JSONSearch(document: document, query: JSONSearchQuery("item-99999"))
        let found = search.all()
        var inMemory = try JSONSearch(document: try JSONDocument(bytes: bytes), query: search.query)
        #expect(found.map(\.node) == inMemory.all().map(\.node))
        #expect(found.count == 1)
        Self.expectReleasedBehind(memory, after: parsed, body: bytes.count)
        #expect("\(memory.bytes)" == "\(bytes.count) bytes (borrowed)")
    }

    @Test("a body that cannot start a value is refused at its first byte, without a pass over the rest")
    func refusedAtOnce() throws {
        let memory = Borrowed([UInt8](repeating: 0, count: 9 << 20))
        #expect(throws: JSONParseError.self) { try JSONDocument(bytes: memory.bytes) }
        #expect(memory.released.isEmpty)
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(bytes: memory.bytes) }
        #expect(error.description.hasPrefix("line 1, column 1: expected a value"))
        // Comments may start a lenient body only.
        #expect(throws: JSONParseError.self) { try JSONDocument(text: "// x\n[1]") }
        let lenient = try JSONDocument(text: "// x\n[1]", options: .lenient)
        #expect(lenient.childCount(lenient.root) == 1)
    }

    @Test("bytes held in an array are never released")
    func arraysAreKept() throws {
        let document = try JSONDocument(bytes: Self.body(megabytes: 9))
        #expect(!document.bytes.isBorrowed)
        #expect(JSONPrinter.print(document).count > 9 << 20)
    }
}
