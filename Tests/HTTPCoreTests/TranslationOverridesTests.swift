import Foundation
import HTTPCore
import Testing

@Suite("Translation override files")
struct TranslationOverridesTests {
    private func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-tr-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("an override replaces only the fields it sets, and new http codes can be added")
    func overrideAndAdd() throws {
        let url = try write(
            """
            { "version": 1, "translations": {
                "http.404": { "hint": "Staging is reset nightly; recreate the record." },
                "transport.dnsFailure": { "title": "Cannot find {host}", "hint": "Connect to the VPN." },
                "http.499": { "title": "Client closed request", "explanation": "nginx says {host} saw you hang up.",
                              "hint": "Raise the timeout." } } }
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let translator = try ErrorTranslator(overridesFile: url)
        let notFound = translator.translate(statusCode: .notFound)
        #expect(notFound.title == "Not found")
        #expect(notFound.hint == "Staging is reset nightly; recreate the record.")
        let dns = translator.translate(TransportError(.dnsFailure, url: try testURL("https://vpn.corp")))
        #expect(dns.title == "Cannot find vpn.corp")
        #expect(dns.hint == "Connect to the VPN.")
        #expect(dns.explanation == "The name vpn.corp could not be resolved to an address.")
        let custom = translator.translate(statusCode: StatusCode(499))
        #expect(custom.title == "Client closed request")
        #expect(custom.explanation == "nginx says the server saw you hang up.")
    }

    @Test(
        "bad files are rejected with a message naming the problem",
        arguments: [
            ("not json", "the file is not valid JSON"),
            ("[]", "the top level must be an object"),
            (#"{"translations": {}, "extra": 1}"#, "unknown top-level field \"extra\""),
            (#"{"version": 2, "translations": {}}"#, "\"version\" must be 1"),
            (#"{"translations": []}"#, "\"translations\" must be an object"),
            (#"{"translations": {"transport.dns": {"hint": "x"}}}"#, "unknown translation key \"transport.dns\""),
            (#"{"translations": {"http.404": {"titel": "x"}}}"#, "unknown field \"titel\" in \"http.404\""),
            (#"{"translations": {"http.404": {"title": ""}}}"#, "\"http.404\".title must be a non-empty string"),
            (#"{"translations": {"http.404": {"title": 3}}}"#, "\"http.404\".title must be a non-empty string"),
            (#"{"translations": {"http.404": {}}}"#, "\"http.404\" sets no field"),
            (#"{"translations": {"http.404": "x"}}"#, "\"http.404\" must be an object"),
        ])
    func invalid(text: String, problem: String) throws {
        let url = try write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ErrorTranslator(overridesFile: url)
            Issue.record("expected a TranslationFileError")
        } catch {
            #expect(error.path == url.path)
            #expect(error.problem.hasPrefix(problem), "\(error.problem)")
            let translation = ErrorTranslator.standard.translate(error)
            #expect(translation.title == "Translations file not loaded")
        }
    }

    @Test("a FIFO or a device is refused at once, not waited for or read without end")
    func nonRegularFiles() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-tr-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        for (url, kind) in [(fifo, "a FIFO (named pipe)"), (URL(fileURLWithPath: "/dev/zero"), "a device")] {
            let error = try #require(throws: TranslationFileError.self) { try ErrorTranslator(overridesFile: url) }
            #expect(error.problem.contains("\(kind), not a regular file"), "\(error.problem)")
        }
    }

    @Test("a missing file says it cannot be read")
    func missing() {
        #expect(throws: TranslationFileError.self) {
            try ErrorTranslator(overridesFile: URL(fileURLWithPath: "/nonexistent/lazer-translations.json"))
        }
    }
}

/// An error from another module with its own translation.
private struct SaveFailed: TranslatableError {
    var path: String

    var translationKey: String { "workspace.saveFailed" }
    var translationTemplate: TranslationTemplate {
        TranslationTemplate(
            title: "Could not save", explanation: "{path} could not be written.", hint: "Check the folder is writable.")
    }
    var translationValues: [String: String] { ["path": path] }
}

@Suite("Translatable errors from other modules")
struct TranslatableErrorTests {
    @Test("an error's own template is used, with scrubbed values and the default technical detail")
    func ownTemplate() {
        let translation = ErrorTranslator.standard.translate(SaveFailed(path: "/tmp/c.json"))
        #expect(translation.title == "Could not save")
        #expect(translation.explanation == "/tmp/c.json could not be written.")
        #expect(translation.hint == "Check the folder is writable.")
        #expect(translation.technicalDetail == "SaveFailed: SaveFailed(path: \"/tmp/c.json\")")
        let secret = ErrorTranslator.standard.translate(SaveFailed(path: "https://u:pw@x.test/c.json"))
        #expect(!secret.explanation.contains("pw"))
    }

    @Test("override files may target other modules' keys, but reserved namespaces stay strict")
    func overrides() throws {
        let data = Data(#"{"translations": {"workspace.saveFailed": {"hint": "Is the disk full?"}}}"#.utf8)
        let translator = ErrorTranslator(overrides: try TranslationOverrides.parse(data, path: "t.json"))
        let translation = translator.translate(SaveFailed(path: "/x"))
        #expect(translation.title == "Could not save")
        #expect(translation.hint == "Is the disk full?")
        #expect(TranslationCatalog.isValidKey("replay.assertionFailed"))
        #expect(!TranslationCatalog.isValidKey("transport.dns"))
        #expect(!TranslationCatalog.isValidKey("request.typo"))
        #expect(!TranslationCatalog.isValidKey("workspace.save-failed"))
        #expect(!TranslationCatalog.isValidKey("workspace"))
        #expect(!TranslationCatalog.isValidKey("http.4044"))
        #expect(TranslationCatalog.isValidKey("cancelled"))
    }
}
