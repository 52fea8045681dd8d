import Interop
import Testing

@Suite struct FormatDetectionTests {
    private func detect(_ text: String, name: String = "input") -> ImportFormat {
        FormatDetection.detect(ImportSource(name: name, bytes: Array(text.utf8), baseFolder: "/tmp"))
    }

    @Test func tellsFormatsApartByContent() {
        #expect(detect("curl https://example.com") == .curl)
        #expect(detect("  $ curl -X POST example.com") == .curl)
        #expect(detect("\u{FEFF}{\"info\": {}, \"item\": []}") == .postman)
        #expect(detect("{\"log\": {\"version\": \"1.2\", \"entries\": []}}") == .har)
        #expect(detect("{\"openapi\": \"3.1.0\"}") == .openapi)
        #expect(detect("openapi: 3.0.0\ninfo:\n  title: x\n") == .openapi)
        #expect(detect("swagger: \"2.0\"\n") == .openapi)
        #expect(detect("GET https://example.com\n") == .http)
    }

    @Test func fallsBackOnTheFileName() {
        #expect(detect("", name: "capture.har") == .har)
        #expect(detect("", name: "api.yml") == .openapi)
    }

    @Test func unknownJSONIsRefusedWithAutoDetection() throws {
        let environment = ImportSource(
            name: "e.json",
            bytes: Array("{\"name\": \"dev\", \"values\": [], \"_postman_variable_scope\": \"environment\"}".utf8),
            baseFolder: "/tmp")
        let error = try #require(throws: ImportError.self) { try Importer.importSource(environment) }
        #expect(error.message.hasPrefix("this is a Postman environment, not a collection"))
        let other = ImportSource(name: "x.json", bytes: Array("[1, 2]".utf8), baseFolder: "/tmp")
        #expect(throws: ImportError.self) { try Importer.importSource(other) }
    }

    /// A Hurl file read as `.http` put its second request and the first one's response section
    /// into the first one's body; it is refused by name, and `--format http` still reads it.
    @Test func aHurlFileIsRefusedUnlessAFormatIsGiven() throws {
        let hurl = ImportSource(
            name: "flow.hurl",
            bytes: Array("GET http://127.0.0.1:9/a\nHTTP 200\n\n\nPOST http://127.0.0.1:9/b\nHTTP 201\n".utf8),
            baseFolder: "/tmp")
        let error = try #require(throws: ImportError.self) { try Importer.importSource(hurl) }
        #expect(error.message.hasPrefix("a Hurl file: Lazer does not read Hurl's format"), "\(error.message)")
        #expect(throws: Never.self) { try Importer.importSource(hurl, format: .http) }
    }

    @Test func stableIDsRepeat() {
        #expect(StableID.make("a", "b") == StableID.make("a", "b"))
        #expect(StableID.make("a", "b") != StableID.make("ab"))
        #expect(StableID.make("x").count == 36)
    }
}
