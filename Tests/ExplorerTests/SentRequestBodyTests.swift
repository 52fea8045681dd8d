import Explorer
import Foundation
import HTTPCore
import Testing
import Workspace

/// The body of the request as sent, as the Headers tab shows it: text masked and cut to what can
/// be read, a file or an upload with files named (never read to be shown), a large body sized.
struct SentRequestBodyTests {
    private let address = "http://api.test/upload?key=k-SECRET"
    private let redactor = Redactor(secrets: ["k-SECRET"])

    @Test func textIsMaskedAndALongOneIsCut() throws {
        let url = try #require(URL(string: address))
        let text = (1...600).map { "line \($0) k-SECRET" }.joined(separator: "\r\n")
        let sent = SentRequest(HTTPRequest(method: .post, url: url, body: .bytes(Data(text.utf8))), redactor: redactor)
        #expect(sent.url == "http://api.test/upload?key=••••••")
        guard case .text(let lines, let size, let cut) = sent.body else {
            Issue.record("not text: \(sent.body)")
            return
        }
        #expect(lines.count == 500)
        #expect(lines[0] == "line 1 ••••••")
        #expect(size == text.utf8.count)
        #expect(cut)
    }

    @Test func aFileOrALargeBodyIsSaidNotShown() throws {
        let url = try #require(URL(string: address))
        let file = SentRequest(
            HTTPRequest(method: .put, url: url, body: .file(path: "/tmp/big.iso")), redactor: redactor)
        #expect(file.body == .note("the file /tmp/big.iso, streamed from disk"))
        let large = SentRequest(
            HTTPRequest(method: .post, url: url, body: .bytes(Data(count: 300 * 1024))), redactor: redactor)
        #expect(large.body == .note("307 KB body, not shown"))
        let none = SentRequest(HTTPRequest(url: url), redactor: redactor)
        #expect(none.body == .none)
    }
}
