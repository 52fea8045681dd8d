import Foundation
import HTTPCore
import Testing

private struct Post: Codable, Equatable {
    var id: Int
    var title: String
}

@Suite("Request bodies")
struct RequestBodyTests {
    private func request() throws -> HTTPRequest {
        HTTPRequest(method: .post, url: try testURL("https://x.test/posts"))
    }

    @Test("setJSONBody(string:) sends the text as written and sets Content-Type")
    func jsonString() throws {
        var request = try request()
        request.setJSONBody(string: #"{"a": 1"#)
        #expect(request.body == .json(Data(#"{"a": 1"#.utf8)))
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test("setJSONBody(jsonObject:) serializes, and rejects values JSON cannot hold")
    func jsonObject() throws {
        var request = try request()
        try request.setJSONBody(jsonObject: ["b": [1, 2]], options: [.sortedKeys])
        #expect(try request.body.encodedData() == Data(#"{"b":[1,2]}"#.utf8))
        #expect(throws: RequestError.self) { try request.setJSONBody(jsonObject: ["d": Date()]) }
    }

    @Test("setJSONBody(encodable:) encodes and keeps a Content-Type the caller chose")
    func jsonEncodable() throws {
        var request = try request()
        request.headers["Content-Type"] = "application/vnd.api+json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try request.setJSONBody(encodable: Post(id: 1, title: "Hi"), encoder: encoder)
        #expect(try request.body.encodedData() == Data(#"{"id":1,"title":"Hi"}"#.utf8))
        #expect(request.headers["content-type"] == "application/vnd.api+json")
        #expect(throws: RequestError.self) { try request.setJSONBody(encodable: Double.nan) }
    }

    @Test("form bodies are WHATWG-encoded: spaces as +, reserved characters escaped")
    func form() throws {
        var request = try request()
        request.setFormBody([FormField(name: "q", value: "a b&c=d+é"), FormField(name: "x*y", value: "~")])
        #expect(String(decoding: try request.body.encodedData(), as: UTF8.self) == "q=a+b%26c%3Dd%2B%C3%A9&x*y=%7E")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test("multipart bodies lay out text and file parts, streaming files by reference")
    func multipart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("avatar.png")
        try Data("PNGDATA".utf8).write(to: file)

        var request = try request()
        request.headers["Content-Type"] = "text/plain"
        let body = MultipartBody(
            parts: [.text("name", "Ada \"L\""), .file("avatar", path: file.path)], boundary: "XYZ")
        request.setBody(.multipart(body))
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=XYZ")
        #expect(request.body.streamsFromDisk)
        #expect(request.body.inMemoryData == nil)
        #expect(body.segments.count == 3)
        #expect(body.segments[1] == .file(path: file.path))

        let expected =
            "--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda \"L\"\r\n"
            + "--XYZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"avatar.png\"\r\n"
            + "Content-Type: image/png\r\n\r\nPNGDATA\r\n--XYZ--\r\n"
        #expect(String(decoding: try request.body.encodedData(), as: UTF8.self) == expected)
        #expect(try request.body.contentLength() == Int64(expected.utf8.count))
    }

    @Test("random boundaries differ and multipart text-only bodies are in memory")
    func boundaries() {
        let one = MultipartBody(parts: [.text("a", "1")])
        let two = MultipartBody(parts: [.text("a", "1")])
        #expect(one.boundary != two.boundary)
        #expect(RequestBody.multipart(one).inMemoryData != nil)
    }

    @Test("file bodies are streamed; a missing file is a clear error before sending")
    func fileBody() throws {
        var request = try request()
        request.setFileBody(path: "/nonexistent/lazer-\(UUID().uuidString).json")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body.streamsFromDisk)
        #expect(throws: RequestError.self) { try request.validate() }
        #expect(throws: RequestError.self) { try request.body.contentLength() }
        request.setFileBody(path: "/tmp", contentType: "application/octet-stream")
        let folderReason = "a folder, not a regular file (only regular files are read)"
        #expect(throws: RequestError.bodyFileUnreadable(path: "/tmp", reason: folderReason)) {
            try request.body.contentLength()
        }
    }

    @Test("a FIFO or a device as a file body or part is refused at once, never read (mocks read bodies whole)")
    func nonRegularFileBodies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-body-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [(fifo, "a FIFO (named pipe), not a regular file"), ("/dev/zero", "a device, not a regular file")]
        for (path, reason) in cases {
            let full = "\(reason) (only regular files are read)"
            let bodies: [RequestBody] = [
                .file(path: path), .multipart(MultipartBody(parts: [.file("f", path: path)], boundary: "B")),
            ]
            for body in bodies {
                #expect(throws: RequestError.bodyFileUnreadable(path: path, reason: full)) { try body.encodedData() }
                #expect(throws: RequestError.bodyFileUnreadable(path: path, reason: full)) { try body.contentLength() }
            }
        }
    }

    @Test("setBody(data:contentType:) sets bytes and the given type")
    func bytes() throws {
        var request = try request()
        request.setBody(data: Data([1, 2, 3]), contentType: "application/octet-stream")
        #expect(request.body.inMemoryData == Data([1, 2, 3]))
        #expect(try request.body.contentLength() == 3)
        #expect(request.headers["Content-Type"] == "application/octet-stream")
    }

    @Test("options default to the safe choices")
    func defaults() {
        let options = RequestOptions()
        #expect(options.verifyTLS)
        #expect(!options.followRedirects)
        #expect(options.maxRedirects == 10)
        #expect(options.acceptCompression)
        #expect(options.totalTimeout == nil)
    }
}
