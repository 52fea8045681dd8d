import Foundation
import HTTPCore
import Testing

/// A body read back whole, or only its start (a stream's body that ran for an hour), from memory
/// or from the file a transport spilled it to.
struct ResponseBodyBytesTests {
    let content = Array("0123456789abcdef".utf8)

    @Test func inMemoryWholeOrItsStart() throws {
        let body = ResponseBody.data(Data(content))
        #expect(try body.bytes() == content)
        #expect(try body.bytes(upTo: 4) == Array("0123".utf8))
        #expect(try body.bytes(upTo: 100) == content)
        #expect(try body.bytes(upTo: 0) == [])
    }

    @Test func fromItsFileWholeOrItsStart() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
        try Data(content).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let body = ResponseBody.file(url, byteCount: Int64(content.count))
        #expect(try body.bytes() == content)
        #expect(try body.bytes(upTo: 5) == Array("01234".utf8))
        #expect(try body.bytes(upTo: 1 << 30) == content)
    }

    @Test func aFileThatIsGoneIsAnError() {
        let body = ResponseBody.file(URL(fileURLWithPath: "/nonexistent/lazer-body-x"), byteCount: 10)
        #expect(throws: ResponseError.self) { try body.bytes(upTo: 4) }
    }
}
