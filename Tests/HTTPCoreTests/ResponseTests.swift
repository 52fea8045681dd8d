import Foundation
import HTTPCore
import Testing

private struct Post: Codable, Equatable {
    var id: Int
    var tags: [String]
}

private func makeResponse(_ body: ResponseBody, headers: HTTPHeaders = HTTPHeaders(), status: Int = 200) throws
    -> Response<ResponseBody>
{
    let url = try testURL("https://api.test/posts/1")
    return Response(
        request: HTTPRequest(url: url), statusCode: StatusCode(status), headers: headers, url: url, body: body)
}

@Suite("Responses")
struct ResponseTests {
    @Test("httpError is set for 4xx/5xx only and is not thrown")
    func httpError() throws {
        #expect(try makeResponse(.empty, status: 200).httpError == nil)
        #expect(try makeResponse(.empty, status: 304).httpError == nil)
        #expect(try makeResponse(.empty, status: 404).httpError == .clientError(.notFound))
        #expect(try makeResponse(.empty, status: 503).httpError == .serverError(.serviceUnavailable))
        #expect(try makeResponse(.empty, status: 503).httpError?.statusCode == StatusCode(503))
    }

    @Test("decode gives a typed response and keeps the metadata")
    func decode() throws {
        let response = try makeResponse(.data(Data(#"{"id":7,"tags":["a"]}"#.utf8)), headers: ["X-A": "1"])
        let typed = try response.decode(Post.self)
        #expect(typed.body == Post(id: 7, tags: ["a"]))
        #expect(typed.headers["x-a"] == "1")
        #expect(typed.statusCode == .ok)
    }

    @Test("decode failures name the type and the coding path")
    func decodeFailure() throws {
        let response = try makeResponse(.data(Data(#"{"id":7,"tags":["a",3]}"#.utf8)))
        #expect(throws: SerializationError.self) { try response.decode(Post.self) }
        do {
            _ = try response.decode(Post.self)
        } catch let SerializationError.decodingFailed(type, codingPath, _) {
            #expect(type == "Post")
            #expect(codingPath == "tags[1]")
        }
        let missing = try makeResponse(.data(Data(#"{"tags":[]}"#.utf8)))
        #expect(
            throws: SerializationError.decodingFailed(
                type: "Post", codingPath: "id", reason: "the key \"id\" is missing")
        ) {
            try missing.decode(Post.self)
        }
        let html = try makeResponse(.data(Data("<html>".utf8)))
        #expect {
            try html.decode(Post.self)
        } throws: { error in
            if case SerializationError.invalidJSON = error { return true }
            return false
        }
    }

    @Test("decodeString honours the Content-Type charset, an explicit encoding, and defaults to UTF-8")
    func strings() throws {
        let latin1 = Data([0x63, 0x61, 0x66, 0xE9])
        let response = try makeResponse(.data(latin1), headers: ["Content-Type": "text/plain; charset=ISO-8859-1"])
        #expect(try response.decodeString() == "café")
        #expect(try response.unwrapData().decodeString() == "café")
        let utf8 = try makeResponse(.data(Data("café".utf8)))
        #expect(try utf8.decodeString() == "café")
        #expect(try utf8.decodeString(encoding: .isoLatin1) == "cafÃ©")
        #expect(throws: SerializationError.invalidText(charset: "utf-8")) {
            try makeResponse(.data(latin1)).decodeString()
        }
        let klingon = try makeResponse(.data(latin1), headers: ["Content-Type": "text/plain; charset=x-klingon"])
        #expect(throws: SerializationError.unsupportedCharset("x-klingon")) { try klingon.decodeString() }
    }

    @Test("bodies on disk are read by unwrapData, and a vanished file is a ResponseError")
    func fileBodies() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-body-\(UUID().uuidString)")
        try Data(#"{"id":1,"tags":[]}"#.utf8).write(to: file)
        let body = ResponseBody.file(file, byteCount: 18)
        #expect(body.byteCount == 18)
        #expect(body.fileURL == file)
        let response = try makeResponse(body)
        #expect(try response.decode(Post.self).body == Post(id: 1, tags: []))
        try FileManager.default.removeItem(at: file)
        #expect(throws: ResponseError.self) { try response.unwrapData() }
    }

    @Test("mapBody and replacingBody keep everything but the body")
    func mapping() throws {
        let response = try makeResponse(.data(Data("abc".utf8)))
        let mapped = try response.mapBody { try $0.data().count }
        #expect(mapped.body == 3)
        #expect(mapped.url == response.url)
        let alias: HTTPResponse<Int> = mapped
        #expect(alias.statusCode == .ok)
    }
}

@Suite("StatusCode and Timings")
struct StatusCodeTests {
    @Test("categories, reason phrases and registration")
    func statusCodes() {
        #expect(StatusCode(404).description == "404 Not Found")
        #expect(StatusCode(299).description == "299")
        #expect(StatusCode(299).category == .success)
        #expect(StatusCode(600).category == .nonStandard)
        #expect(StatusCode(418).isRegistered)
        #expect(!StatusCode(306).isRegistered)
        #expect(StatusCode.registered.count == 63)
        #expect(StatusCode.registered.first == StatusCode(100))
    }

    @Test("timing phases are the differences between cumulative marks, skipping phases that did not happen")
    func phases() {
        let timings = Timings(
            dnsLookup: .milliseconds(5), connect: .milliseconds(15), tlsHandshake: nil, preTransfer: .milliseconds(16),
            timeToFirstByte: .milliseconds(66), total: .milliseconds(70))
        #expect(timings.phases.map(\.name) == ["DNS", "Connect", "Send", "Wait", "Download"])
        #expect(
            timings.phases.map(\.duration) == [
                .milliseconds(5), .milliseconds(10), .milliseconds(1), .milliseconds(50), .milliseconds(4),
            ])
    }
}
