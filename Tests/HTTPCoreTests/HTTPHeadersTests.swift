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

    @Test("validate rejects bad names and values with CR/LF without echoing the value")
    func validation() throws {
        let good: HTTPHeaders = ["X-Ok": "fine"]
        let badName: HTTPHeaders = ["Bad Name": "x"]
        let badValue: HTTPHeaders = ["X-Inject": "a\r\nEvil: 1"]
        try good.validate()
        #expect(throws: RequestError.invalidHeaderName("Bad Name")) { try badName.validate() }
        #expect(throws: RequestError.invalidHeaderValue(name: "X-Inject")) { try badValue.validate() }
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
}
