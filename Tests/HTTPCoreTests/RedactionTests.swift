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

@Suite("Safe descriptions and translator loading")
struct SafeDescriptionTests {
    @Test("a request's description and dump never show credentials")
    func requestDump() throws {
        var request = HTTPRequest(method: .post, url: try testURL("https://u:pw@api.test/login?password=p1&x=1"))
        request.headers["Authorization"] = "Bearer tok"
        request.headers["Accept"] = "application/json"
        request.setFormBody([FormField(name: "user", value: "ada"), FormField(name: "pin", value: "1234")])
        #expect(request.description == "POST https://u:***@api.test/login?password=***&x=1")
        let dump = request.redactedDump
        for secret in ["pw@", "p1", "tok", "1234"] {
            #expect(!dump.contains(secret), "\(secret)")
        }
        #expect(dump.contains("Accept: application/json"))
        #expect(dump.hasSuffix("form body: user, pin"))
    }

    @Test("loading a missing overrides file is fine; a broken one falls back to built-in texts with the problem")
    func loading() throws {
        let missing = ErrorTranslator.loading(overridesFile: URL(fileURLWithPath: "/nonexistent/lazer-\(UUID()).json"))
        #expect(missing.problem == nil)
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-broken-\(UUID()).json")
        try Data("{".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let loaded = ErrorTranslator.loading(overridesFile: broken)
        #expect(loaded.problem?.problem == "the file is not valid JSON")
        #expect(loaded.translator.overrides.isEmpty)
    }
}
