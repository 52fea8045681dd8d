import HTTPCore
import Testing

@Suite("BodyPreview: the start of a body as it arrives")
struct BodyPreviewTests {
    private func receive(_ text: String, into preview: BodyPreview) {
        Array(text.utf8).withUnsafeBytes { preview.receive($0) }
    }

    @Test("chunks are kept in order up to the limit; every byte is counted")
    func keepsTheStart() throws {
        let preview = BodyPreview(limit: 10) { _, _ in true }
        #expect(preview.snapshot() == nil, "no head yet")
        preview.open(status: 200, headers: ["Content-Type": "application/json"])
        receive("[1,2,", into: preview)
        receive("3,4,5,6,7]", into: preview)
        let snapshot = try #require(preview.snapshot())
        #expect(snapshot.kept)
        #expect(snapshot.status == 200)
        #expect(snapshot.headers["content-type"] == "application/json")
        #expect(String(decoding: snapshot.bytes, as: UTF8.self) == "[1,2,3,4,5")
        #expect(snapshot.received == 15)
    }

    @Test("a redirect's or an interim head's body is never kept, and each head starts over")
    func eachHeadStartsOver() throws {
        let preview = BodyPreview { _, _ in true }
        preview.open(status: 302, headers: [:])
        receive("<html>moved</html>", into: preview)
        #expect(preview.snapshot()?.kept == false)
        #expect(preview.snapshot()?.bytes == [])
        preview.open(status: 100, headers: [:])
        #expect(preview.snapshot()?.kept == false)
        preview.open(status: 200, headers: [:])
        receive("{\"a\":", into: preview)
        let snapshot = try #require(preview.snapshot())
        #expect(snapshot.kept)
        #expect(snapshot.bytes == Array("{\"a\":".utf8))
        #expect(snapshot.received == 5, "the redirect's bytes are not this body's")
    }

    @Test("what `accepts` refuses is counted, not kept")
    func refused() throws {
        let preview = BodyPreview { status, headers in status == 200 && headers.mediaType == "application/json" }
        preview.open(status: 200, headers: ["Content-Type": "text/html"])
        receive("<html></html>", into: preview)
        let html = try #require(preview.snapshot())
        #expect(!html.kept)
        #expect(html.bytes.isEmpty)
        #expect(html.received == 13)
        preview.open(status: 404, headers: ["Content-Type": "application/json"])
        #expect(preview.snapshot()?.kept == false)
    }

    @Test("a snapshot is a copy: later chunks do not change it")
    func snapshotIsACopy() throws {
        let preview = BodyPreview { _, _ in true }
        preview.open(status: 200, headers: [:])
        receive("[1,", into: preview)
        let first = try #require(preview.snapshot())
        receive("2]", into: preview)
        #expect(first.bytes == Array("[1,".utf8))
        #expect(preview.snapshot()?.bytes == Array("[1,2]".utf8))
    }

    @Test("finish lets the bytes go: nothing more is kept or given, a later head changes nothing")
    func finish() {
        let preview = BodyPreview { _, _ in true }
        preview.open(status: 200, headers: [:])
        receive("[1,2", into: preview)
        preview.finish()
        #expect(preview.snapshot() == nil)
        receive(",3]", into: preview)
        preview.open(status: 200, headers: [:])
        #expect(preview.snapshot() == nil)
    }
}
