import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// Imports the curl and `.http` samples in `../shared/interop-samples` (real third-party files)
/// and checks what their README counts: entries, requests, methods, variables, bodies. Runs
/// when the folder exists (development and CI machines).
@Suite(.enabled(if: InteropSamples.isPresent, "../shared/interop-samples is not on this machine"))
struct InteropSamplesTests {
    /// The fixture file's entries, split on its `# ----` lines.
    static func curlEntries() throws -> [(source: String, text: String)] {
        let file = try InteropSamples.load("curl_insomnia_fixtures.txt")
        return file.text.components(separatedBy: "\n# ----\n").compactMap { entry in
            guard let sourceLine = entry.split(separator: "\n").first(where: { $0.hasPrefix("# source:") }) else {
                return nil
            }
            let name = sourceLine.split(separator: "/").last.map { String($0.split(separator: " ")[0]) } ?? ""
            return (name, entry)
        }
    }

    private func importCurl(_ text: String) throws -> [SavedRequest] {
        let source = ImportSource(name: "curl_insomnia_fixtures.txt", bytes: Array(text.utf8), baseFolder: "/tmp")
        return try CurlImport.requests(from: source).requests
    }

    @Test func curlFixturesImportAsTheirReadmeSays() throws {
        let entries = try Self.curlEntries()
        #expect(entries.count == 14)
        var byName: [String: [SavedRequest]] = [:]
        for entry in entries {
            if entry.source == "no-url-input.sh" {
                #expect(throws: ImportError.self) { try importCurl(entry.text) }
                continue
            }
            byName[entry.source] = try importCurl(entry.text)
        }
        #expect(byName.count == 13)
        for (name, requests) in byName where name != "multi-input.sh" {
            #expect(requests.count == 1, "\(name)")
        }
        #expect(
            byName["multi-input.sh"]?.map(\.url) == [
                "https://insomnia.rest/1/2/3", "https://insomnia.rest/foo/bar", "https://insomnia.rest/",
                "https://insomnia.rest",
            ])
        let complex = try #require(byName["complex-input.sh"]?.first)
        #expect(complex.method == .post)
        #expect(complex.url == "http://localhost:8000/api/v1/send")
        #expect(complex.auth == SavedAuth(.basic(username: "My User", password: "My:Secret:Password")))
        #expect(complex.body == SavedBody(.jsonText("{\"email_id\": \"tem_123\"}")))
        #expect(complex.headers.contains { $0.name == "x-custom-header" && $0.value == "foo bar" })
        #expect(complex.headers.contains { $0.name == "Cookie" && $0.value.hasPrefix("NID=91=") })
        let dollar = try #require(byName["dollar-sign-input.sh"]?.first)
        #expect(dollar.headers.first { $0.name == "Cookie" }?.value.hasPrefix("CookieTestConsent={stamp:'xx") == true)
        #expect(dollar.method == .post)
        let form = try #require(byName["form-input.sh"]?.first)
        guard case .multipart(let parts) = form.body.content else {
            Issue.record("form-input.sh: expected a multipart body")
            return
        }
        #expect(parts.map(\.name) == ["file", "foo", "baz"])
        #expect(parts[0].source == .file(path: "/home/user/file.txt"))
        let get = try #require(byName["get-input.sh"]?.first)
        #expect(get.method == .get && get.url == "http://somesite.com/getdata?id=1234" && get.body == .empty)
        #expect(
            byName["header-colon-input.sh"]?.first?.headers == [KeyValueRow(name: "X-Something", value: "foo: bar:baz")]
        )
        let multiData = try #require(byName["multi-data-input.sh"]?.first)
        #expect(
            multiData.body
                == SavedBody(.formURLEncoded([.init(name: "foo", value: "bar"), .init(name: "baz", value: "qux")])))
        #expect(byName["question-mark-input.sh"]?.first?.url == "http://192.168.1.1:9200/executions/_search?pretty")
        #expect(
            byName["skip-squished-input.sh"]?.first?.body
                == SavedBody(.formURLEncoded([.init(name: "id", value: "1234")])))
        #expect(byName["simple-url-input.sh"]?.first?.url == "https://www.google.com/")
    }

    @Test func kulalaHTTPFile() throws {
        let result = try HTTPFileImport.importCollection(
            try InteropSamples.load("http_kulala_basic.http"), options: ImportOptions())
        let requests = result.collection.requests
        #expect(requests.count == 6)
        #expect(Set(requests.map(\.method.rawValue)) == ["DELETE", "GET", "POST", "PUT"])
        #expect(result.collection.variables.isEmpty)
        #expect(requests.filter { $0.body != .empty }.count == 2)
        #expect(requests[0].name == "Simple GET request")
        #expect(requests[5].headers.map(\.name) == ["Accept", "User-Agent", "Authorization"])
        #expect(result.report.isEmpty)
    }

    @Test func vscodeRestClientFileWithCRLF() throws {
        let source = try InteropSamples.load("http_vscode-restclient_tests.http")
        #expect(source.bytes.contains(0x0D))
        let result = try HTTPFileImport.importCollection(source, options: ImportOptions())
        let requests = result.collection.requests
        #expect(requests.count == 11)
        #expect(requests.allSatisfy { $0.method == .get && $0.body == .empty })
        #expect(result.collection.variables.count == 10)
        #expect(result.collection.variables.first == Variable(name: "arm", value: "https://management.azure.com"))
        #expect(requests[0].url == "{{arm}}/tenants?api-version=2017-08-01")
        #expect(requests.allSatisfy { !$0.url.contains("\r") && $0.headers.allSatisfy { !$0.value.contains("\r") } })
        // `{{$aadToken}}` has no Lazer equivalent: one report item per use.
        #expect(result.report.items.count == 11)
        #expect(result.report.items.allSatisfy { $0.what.contains("$aadToken") && $0.location.line != nil })
    }
}
