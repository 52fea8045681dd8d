import HTTPCore
import Interop
import Testing
import Workspace

/// `.http` / `.rest` files: both clients' syntax, BOM and CRLF, bodies, scripts, errors.
@Suite struct HTTPFileImportTests {
    private func imported(_ text: String, name: String = "x.http") throws -> ImportResult {
        try HTTPFileImport.importCollection(Fixtures.source(text, name: name), options: ImportOptions())
    }

    @Test func jetBrainsFileWithBOMAndCRLF() throws {
        let result = try HTTPFileImport.importCollection(try Fixtures.load("jetbrains.http"), options: ImportOptions())
        let collection = result.collection
        #expect(
            collection.variables == [
                Variable(name: "host", value: "https://api.test"), Variable(name: "token", value: "abc"),
            ])
        #expect(collection.requests.count == 2)
        let login = collection.requests[0]
        #expect(login.name == "Log in")
        #expect(login.method == .post)
        #expect(login.url == "{{host}}/login")
        #expect(login.options.followRedirects == false)
        #expect(login.body == SavedBody(.jsonText("{\"user\": \"ada\", \"id\": \"{{$uuid}}\"}")))
        #expect(login.headers.isEmpty)
        #expect(login.notes?.contains("client.global.set(\"token\"") == true)
        let me = collection.requests[1]
        #expect(me.name == "me")
        #expect(me.url == "{{host}}/me?verbose=1&lang=en")
        #expect(me.headers == [KeyValueRow(name: "Authorization", value: "Bearer {{token}}")])
        #expect(me.options.followRedirects == nil)
        #expect(
            result.report.items.map(\.description) == [
                "jetbrains.http:11: response handler script (kept in the request's notes)"
            ])
    }

    @Test func vsCodeFileWithMultipartFormAndFiles() throws {
        let result = try HTTPFileImport.importCollection(try Fixtures.load("vscode.rest"), options: ImportOptions())
        let requests = result.collection.requests
        #expect(requests.map(\.name) == ["Upload a file", "Form", "File body", "Relative with host", "Script before"])
        #expect(
            requests[0].body
                == SavedBody(
                    .multipart([
                        SavedPart(name: "title", source: .text("My document")),
                        SavedPart(
                            name: "file", source: .file(path: "./body.json"), contentType: "application/json",
                            fileName: "data.json"),
                    ])))
        #expect(requests[0].headers.isEmpty)
        #expect(
            requests[1].body
                == SavedBody(
                    .formURLEncoded([.init(name: "name", value: "Ada Lovelace"), .init(name: "city", value: "London")]))
        )
        #expect(requests[2].body == SavedBody(.file(path: "./body.json", contentType: nil)))
        #expect(requests[2].headers == [KeyValueRow(name: "Content-Type", value: "application/json")])
        #expect(requests[3].url == "http://localhost:8080/status")
        #expect(requests[3].headers == [KeyValueRow(name: "X-Env", value: "{{$processEnv HOME}}")])
        #expect(requests[4].method == .delete && requests[4].options.httpVersion == .http2)
        #expect(result.collection.variables.last == Variable(name: "created-at", value: "{{$date iso8601}}"))
        #expect(
            result.report.items.map(\.description) == [
                "vscode.rest:38: pre-request script (kept in the request's notes)"
            ])
    }

    @Test func fileReferencesAreRelativeToTheCollection() throws {
        var options = ImportOptions()
        options.targetFolder = Fixtures.folder + "/../Collections"
        let result = try HTTPFileImport.importCollection(try Fixtures.load("vscode.rest"), options: options)
        #expect(result.collection.requests[2].body == SavedBody(.file(path: "../Fixtures/body.json", contentType: nil)))
    }

    @Test("a line that cannot be read is reported, positioned, and left out; the rest of the file is imported")
    func unreadableLinesAreReportedNotFatal() throws {
        let header = try imported("GET https://a.test\nnot a header\nAccept: */*\n")
        #expect(header.collection.requests.first?.headers.map(\.name) == ["Accept"])
        #expect(
            header.report.items.map(\.description) == [
                "x.http:2:1: line not understood (expected a header (Name: value) or a blank line before the body; found \"not a header\") (left out)"
            ])
        let script = try imported("GET https://a.test\n\n> {%\nclient.log(1)\n")
        #expect(script.collection.requests.count == 1)
        #expect(
            script.report.items.first?.description.hasPrefix(
                "x.http:3:1: line not understood (script opened with {% is not closed with %})") == true)
        let broken = try imported(
            "### one\nGET\n\n### two\nPOST https://a.test/b\nContent-Type: multipart/form-data\n\n--x\n\n### three\nGET https://a.test/c\n"
        )
        #expect(broken.collection.requests.map(\.url) == ["https://a.test/c"])
        #expect(broken.report.items.map { $0.location.line } == [2, 8])
        let empty = try #require(throws: ImportError.self) { try imported("# only a comment\n\n###\n") }
        #expect(empty.message.hasPrefix("no request found"))
    }

    @Test func bareURLIsAGet() throws {
        let result = try imported("https://a.test/x\n###\nhttps://a.test/y HTTP/1.1")
        #expect(result.collection.requests.map(\.method) == [.get, .get])
        #expect(result.collection.requests.map(\.url) == ["https://a.test/x", "https://a.test/y"])
        // A word before a URL is a (custom) method; before anything else the line is a bare URL.
        let custom = try imported("FETCH https://a.test/x\n###\nsearch {{host}}/q\n###\nexample.test/a b\n")
        #expect(custom.collection.requests.map(\.method.rawValue) == ["FETCH", "search", "GET"])
        #expect(custom.collection.requests[2].url == "example.test/a b")
        // Prose is not a bare URL: nothing is imported from a file of it.
        let prose = try #require(throws: ImportError.self) { try imported("hello world\nthis is not http\n") }
        #expect(prose.message.contains("expected a request line (METHOD URL), found \"hello\""), "\(prose.message)")
        let hosts = try imported("localhost:8080/health\n###\nlocalhost\n")
        #expect(hosts.collection.requests.map(\.url) == ["localhost:8080/health", "localhost"])
    }

    @Test("binary data or text that is not UTF-8 is refused whole, not read as lines")
    func binaryIsRefused() throws {
        let zero = try #require(throws: ImportError.self) {
            try Importer.importSource(
                ImportSource(name: "x.bin", bytes: [0x47, 0x45, 0x54, 0x20, 0x00, 0xFF], baseFolder: "."))
        }
        #expect(zero.message.hasPrefix("binary data (a NUL byte at offset 4)"), "\(zero.message)")
        let latin = try #require(throws: ImportError.self) {
            try Importer.importSource(
                ImportSource(name: "x.txt", bytes: Array("GET https://a.test/caf".utf8) + [0xE9], baseFolder: "."))
        }
        #expect(latin.message.hasPrefix("not UTF-8 text"), "\(latin.message)")
    }

    @Test func environmentFiles() throws {
        let environments = try HTTPClientEnvironmentImport.importEnvironments(try Fixtures.load("http-client.env.json"))
        #expect(environments.environments.map(\.name) == ["dev", "prod"])
        #expect(
            environments.environments[0].variables == [
                Variable(name: "host", value: "http://localhost:8080"), Variable(name: "retries", value: "3"),
            ])
        #expect(environments.sharedVariables == [Variable(name: "version", value: "v1")])
        #expect(
            environments.report.items.map(\.description) == [
                "http-client.env.json prod.ssl: variable ssl (an object: JetBrains auth or SSL settings) (skipped)"
            ])
        let secret = try HTTPClientEnvironmentImport.importEnvironments(
            Fixtures.source("{\"dev\": {\"password\": \"pw\"}}", name: "http-client.private.env.json"))
        #expect(secret.environments[0].variables == [Variable(name: "password", value: "pw", secret: true)])
        #expect(throws: ImportError.self) {
            try HTTPClientEnvironmentImport.importEnvironments(Fixtures.source("[1", name: "e.json"))
        }
    }
}
