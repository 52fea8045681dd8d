import Foundation
import JSONDiff
import JSONTree
import RegularFiles
import Testing

/// Bodies on disk are mapped, not read (`RegularFile.load`, `JSONBytes` borrowing the mapping):
/// a diff over mappings says exactly what it says over the same bytes in memory, and a file that
/// changes or shrinks under its mapping is reported, never a crash.
@Suite struct MappedBodyDiffTests {
    /// A scratch folder removed at the end.
    final class Folder {
        let path = NSTemporaryDirectory() + "mapped-diff-" + UUID().uuidString

        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ text: String, to name: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    /// `count` orders; every `changeEvery`-th has its total written `12.5` (the same decimal), another
    /// email and an extra tag.
    static func orders(_ count: Int, changeEvery: Int = 0) -> String {
        let items = (0..<count).map { number in
            let changed = changeEvery > 0 && number % changeEvery == 0
            return
                #"{"id": \#(number), "total": \#(changed ? "12.5" : "12.50"), "customer": {"name": "Ada \#(number)", "#
                + #""email": "ada.\#(number)@example.\#(changed ? "org" : "com")"}, "tags": ["a", "b"\#(changed ? #", "c""# : "")]}"#
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    static func mapped(_ path: String) throws -> (JSONBytes, MappedFile) {
        guard case .mapped(let file) = try RegularFile.load(path, mappingFrom: 0) else {
            throw CocoaError(.fileReadUnknown)
        }
        return (JSONBytes(borrowing: file.bytes, owner: file) { file.releasePages($0) }, file)
    }

    @Test("a mapped body diffs and prints exactly as the same bytes in memory, pages released or not")
    func mappedEqualsInMemory() throws {
        let folder = try Folder()
        let leftText = Self.orders(2_000)
        let rightText = Self.orders(2_000, changeEvery: 97)
        let (leftBytes, leftFile) = try Self.mapped(try folder.write(leftText, to: "left.json"))
        let (rightBytes, rightFile) = try Self.mapped(try folder.write(rightText, to: "right.json"))
        #expect(leftBytes.isBorrowed && leftBytes.count == leftText.utf8.count)
        let mapped = JSONDiff.compare(try JSONDocument(bytes: leftBytes), try JSONDocument(bytes: rightBytes))
        let inMemory = JSONDiff.compare(try JSONDocument(text: leftText), try JSONDocument(text: rightText))
        #expect(mapped.counts == JSONDiffCounts(added: 21, removed: 0, changed: 21))
        #expect(mapped.changes.map(\.pathText) == inMemory.changes.map(\.pathText))
        // Every page handed back: printing reads them again from the file.
        mapped.left.releaseBytes(0..<leftBytes.count)
        mapped.right.releaseBytes(0..<rightBytes.count)
        let text = JSONDiffPrinter.text(mapped, leftName: "a", rightName: "b", colored: false)
        #expect(text == JSONDiffPrinter.text(inMemory, leftName: "a", rightName: "b", colored: false))
        #expect(text.contains("@@ $[97].customer.email\n-\"ada.97@example.com\"\n+\"ada.97@example.org\""))
        #expect(
            JSONDiffJSONReport.render(mapped, leftName: "a", rightName: "b")
                == JSONDiffJSONReport.render(inMemory, leftName: "a", rightName: "b"))
        try leftFile.check()
        try rightFile.check()
    }

    @Test("two equal mapped bodies are the same; a mapped document equals one over the same bytes in memory")
    func equalMappedBodies() throws {
        let folder = try Folder()
        let text = Self.orders(500)
        let (a, _) = try Self.mapped(try folder.write(text, to: "a.json"))
        let (b, _) = try Self.mapped(try folder.write(text, to: "b.json"))
        let left = try JSONDocument(bytes: a)
        #expect(JSONDiff.compare(left, try JSONDocument(bytes: b)).isSame)
        #expect(left == (try JSONDocument(text: text)))
        #expect(a.arrayValue == Array(text.utf8))
    }

    @Test("a file truncated under its mapping: reads past its end give quotes, no crash, and check() says so")
    func truncatedUnderTheMapping() throws {
        let folder = try Folder()
        let path = try folder.write(Self.orders(300), to: "left.json")
        let (bytes, file) = try Self.mapped(path)
        let left = try JSONDocument(bytes: bytes)
        let right = try JSONDocument(text: Self.orders(300, changeEvery: 10))
        try file.check()
        #expect(truncate(path, 100) == 0)
        // Without the fault handler, reading the lost pages here would kill the test process (SIGBUS).
        let result = JSONDiff.compare(left, right)
        _ = JSONDiffPrinter.text(result, leftName: "a", rightName: "b", colored: false)
        #expect(bytes[bytes.count - 1] == UInt8(ascii: "\""))
        #expect(throws: FileSystemError.self) { try file.check() }
        do {
            try file.check()
        } catch {
            #expect(error.description.hasSuffix("the file was truncated while it was being read"))
        }
    }

    @Test("a file rewritten in place while mapped is reported as changed")
    func rewrittenUnderTheMapping() throws {
        let folder = try Folder()
        let path = try folder.write(Self.orders(100), to: "a.json")
        let (_, file) = try Self.mapped(path)
        try file.check()
        // A new modification time, as any write gives (set outright: the clock may not tick between).
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        do {
            try file.check()
            Issue.record("a changed file passed the check")
        } catch {
            #expect(error.reason == "the file was changed while it was being read")
        }
    }

    @Test("small and empty files are read, not mapped; an empty one is no JSON; a FIFO is refused without blocking")
    func smallEmptyAndNotRegular() throws {
        let folder = try Folder()
        let small = try folder.write(#"{"a": 1}"#, to: "small.json")
        guard case .bytes(let bytes) = try RegularFile.load(small) else {
            Issue.record("a small file was mapped")
            return
        }
        #expect(bytes == Array(#"{"a": 1}"#.utf8))
        let empty = try folder.write("", to: "empty.json")
        guard case .bytes(let none) = try RegularFile.load(empty, mappingFrom: 0) else {
            Issue.record("an empty file was mapped")
            return
        }
        #expect(none.isEmpty)
        #expect(throws: JSONParseError.self) { try JSONDocument(bytes: JSONBytes(none)) }
        #expect(try RegularFile.load(folder.path + "/missing.json") == nil)
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        do {
            _ = try RegularFile.load(fifo, mappingFrom: 0)
            Issue.record("a FIFO was loaded")
        } catch {
            #expect(error.reason.contains("a FIFO (named pipe), not a regular file"))
        }
    }
}
