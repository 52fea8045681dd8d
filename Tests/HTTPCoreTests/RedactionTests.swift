import Foundation
import HTTPCore
import Testing

@Suite("Redaction")
struct RedactionTests {
    @Test("URL passwords and secret query values are masked; everything else is kept")
    func urls() throws {
        let url = try testURL("https://me:pa55@x.test/a?api_key=K&q=ok&Token=T#f")
        #expect(Redaction.redact(url) == "https://me:***@x.test/a?api_key=***&q=ok&Token=***#f")
        #expect(Redaction.redact(url: "http://x.test/a") == "http://x.test/a")
    }

    @Test("free text loses passwords in URLs, header values and bearer tokens")
    func text() {
        let text = """
            Failed to connect to https://bob:secret@proxy.test:3128/
            > Authorization: Bearer eyJhbGciOi
            > cookie: session=42
            token was Bearer abc123, retry
            """
        let scrubbed = Redaction.scrub(text)
        for secret in ["secret", "eyJhbGciOi", "session=42", "abc123"] {
            #expect(!scrubbed.contains(secret), "\(secret)")
        }
        #expect(scrubbed.contains("https://bob:***@proxy.test:3128/"))
        #expect(scrubbed.contains("retry"))
    }
}
