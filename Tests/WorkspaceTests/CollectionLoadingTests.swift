import Foundation
import RegularFiles
import Synchronization
import Testing
import Workspace

@Suite struct CollectionLoadingTests {
    private func load(_ text: String) -> CollectionLoader.Result {
        CollectionLoader.load(Array(text.utf8), file: "Collections/x.json")
    }

    @Test func loadsTheModel() throws {
        let result = load(Fixtures.minimal)
        #expect(result.diagnostics.isEmpty)
        let collection = try #require(result.collection)
        #expect(collection.name == "Sample")
        #expect(collection.folders.first?.requests.first?.query.first?.value == "{{userId}}")
        #expect(collection.allRequests.map(\.request.id) == ["req-list", "req-get", "req-create"])
        #expect(collection.allRequests.first?.folderPath == ["Posts"])
        #expect(collection.firstRequest == collection.allRequests.first, "the first without the list")
        var nested = collection
        nested.folders[0].folders = [Folder(name: "Inner", requests: [SavedRequest(id: "deep", name: "D", url: "/d")])]
        #expect(nested.allRequests.first?.request.id == "deep")
        #expect(nested.firstRequest == nested.allRequests.first)
        #expect(RequestCollection(id: "e", name: "E").firstRequest == nil)
        #expect(collection.environment(named: "local")?.variables.last?.secret == true)
    }

    @Test func aBadMethodIsReportedWhereItIs() throws {
        let result = load(Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"GE T\""))
        #expect(result.collection == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(
            diagnostic.description
                == "Collections/x.json:48:17: error: requests[1].method: expected a method (GET, POST, PUT, PATCH, "
                + "DELETE, HEAD, OPTIONS, TRACE, CONNECT or another token); found \"GE T\", which is not a token "
                + "(letters, digits and !#$%&'*+-.^_`|~ only)")
    }

    @Test func everyErrorInTheFileIsReportedAtOnce() throws {
        var text = Fixtures.minimal(replacing: "\"url\": \"/posts\",", with: "\"url\": 5,")
        text = text.replacingOccurrences(of: "\"kind\": \"live\"", with: "\"kind\": \"lvie\"")
        text = text.replacingOccurrences(of: "\"name\": \"Get post\",\n", with: "")
        let result = load(text)
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.map { "\($0.line):\($0.column) \($0.path): \($0.message)" } == [
                "21:18 folders[0].requests[0].url: expected a string; found a number",
                "33:5 requests[0]: missing required field \"name\"",
                "61:15 environments[0].kind: expected one of live, mock; found \"lvie\" (did you mean \"live\"?)",
            ])
    }

    @Test func syntaxErrorsPointAtTheSpot() throws {
        let result = load("{\n  \"name\": \"x\"\n  \"id\": \"y\"\n}\n")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 3)
        #expect(diagnostic.message.hasPrefix("not valid JSON: expected ',' or '}' after an object member; found '\"'"))
        #expect(diagnostic.message.contains("\n      \"id\": \"y\"\n      ^"))
    }

    @Test func unknownFieldsAreReportedAndKeptOnSave() throws {
        let text = Fixtures.minimal(
            replacing: "\"name\": \"Get post\",", with: "\"name\": \"Get post\",\n      \"color\": {\"x\": [1, 2]},")
        let result = load(text)
        let collection = try #require(result.collection)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.message == "unknown field \"color\" (kept as is when saving)")
        #expect(result.diagnostics.first?.path == "requests[0].color")
        #expect(collection.fileText().contains("\"color\": {\n        \"x\": [\n          1,"))
        #expect(CollectionLoader.load(Array(collection.fileText().utf8), file: "again").collection == collection)
    }

    @Test func aRepeatedFieldIsAnErrorInSmallAndLargeObjects() {
        let name = "\"name\": \"Get post\","
        let small = load(Fixtures.minimal(replacing: name, with: name + "\n\"name\": \"Again\","))
        #expect(small.diagnostics.map(\.message) == ["duplicate field \"name\""])
        #expect(small.diagnostics.map(\.path) == ["requests[0].name"])
        #expect(small.collection == nil)

        // More members than the pairwise check handles: the set-based one finds the repeat too.
        let extra = (0..<20).map { "\"x\($0)\": \($0)," }.joined() + "\"x7\": 0,"
        let large = load(Fixtures.minimal(replacing: name, with: name + extra))
        #expect(large.diagnostics.filter { $0.severity == .error }.map(\.path) == ["requests[0].x7"])
        #expect(large.diagnostics.filter { $0.severity == .warning }.count == 21)
    }

    @Test func aPathQuotesKeysThatAreNotPlainNames() {
        let name = "\"name\": \"Get post\","
        let result = load(Fixtures.minimal(replacing: name, with: name + " \"X-Id\": 1,"))
        #expect(result.diagnostics.map(\.path) == ["requests[0][\"X-Id\"]"])
    }

    @Test func aMissingIDSuggestsOne() throws {
        let result = load(
            Fixtures.minimal(replacing: "  \"id\": \"c0ffee00-0000-4000-8000-000000000001\",\n", with: ""))
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.first?.message.hasPrefix("missing required field \"id\" (a stable id, for example")
                == true)
    }

    @Test func duplicateRequestIDsAndEnvironmentNamesAreErrors() throws {
        var text = Fixtures.minimal(replacing: "\"id\": \"req-get\"", with: "\"id\": \"req-list\"")
        text = text.replacingOccurrences(
            of: "\"defaultEnvironment\": \"local\"", with: "\"defaultEnvironment\": \"staging\"")
        let messages = load(text).diagnostics.map(\.message)
        #expect(messages.contains("duplicate request id \"req-list\" (first used at folders[0].requests[0].id)"))
        #expect(messages.contains("no environment named \"staging\" (environments: local)"))
    }

    @Test func aNameUsedThreeTimesNamesItsFirstUseEachTime() throws {
        let requests = (0..<60).map { index in
            #"{"id": "r\#(index % 20 == 7 ? 7 : index)", "name": "R\#(index)", "method": "GET", "url": "/\#(index)"}"#
        }
        let environments = ["a", "b", "a"].map { #"{"name": "\#($0)", "kind": "live", "baseURL": "http://x"}"# }
        let text =
            #"{"formatVersion": 1, "id": "big", "name": "Big", "#
            + #""requests": [\#(requests.joined(separator: ","))], "#
            + #""environments": [\#(environments.joined(separator: ","))]}"#
        let result = load(text)
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.map(\.message) == [
                "duplicate request id \"r7\" (first used at requests[7].id)",
                "duplicate request id \"r7\" (first used at requests[7].id)",
                "duplicate environment \"a\" (first used at environments[0].name)",
            ])
        #expect(result.diagnostics.map(\.path) == ["requests[27].id", "requests[47].id", "environments[2].name"])
    }

    @Test func aNewerFormatVersionIsRefused() throws {
        let result = load(Fixtures.minimal(replacing: "\"formatVersion\": 1", with: "\"formatVersion\": 2"))
        #expect(result.collection == nil)
        #expect(result.diagnostics.first?.message == "this file uses format version 2; this Lazer reads version 1")
    }

    @Test func aSecretWithAValueInTheFileIsAWarning() throws {
        let text = Fixtures.minimal(
            replacing: "\"name\": \"token\",\n          \"secret\": true",
            with: "\"name\": \"token\",\n          \"value\": \"abc123\",\n          \"secret\": true")
        let result = load(text)
        let collection = try #require(result.collection)
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(collection.environment(named: "local")?.variables.last?.value == "abc123")
        #expect(!collection.fileText().contains("abc123"))
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "a.json")
        try folder.write("{ not json", to: "b.json")
        try folder.write(Fixtures.minimal(replacing: "Sample", with: "Other"), to: "c.json")
        try folder.write("ignored", to: ".hidden.json")
        try folder.write("ignored", to: "notes.txt")
        let workspace = try WorkspaceFolder.open(folder.path)
        #expect(workspace.entries.map { ($0.path as NSString).lastPathComponent } == ["a.json", "b.json", "c.json"])
        #expect(workspace.documents.map(\.collection.name) == ["Sample", "Other"])
        #expect(workspace.entries[1].document == nil)
        #expect(workspace.entries[1].diagnostics.first?.line == 1)
    }

    @Test func openingAMissingFolderIsAClearError() {
        #expect(throws: FileSystemError.self) { try WorkspaceFolder.open("/nonexistent/lazer/folder") }
    }

    @Test func aBadMockPathPatternIsReportedAtThePattern() throws {
        let text = Fixtures.minimal(
            replacing: "\"baseURL\": \"http://127.0.0.1:8080\",",
            with:
                "\"baseURL\": \"http://127.0.0.1:8080\",\n\"kind\": \"mock\", \"routes\": [{\"method\": \"GET\", \"path\": \"/a/*/b\", \"response\": {}}],"
        ).replacingOccurrences(of: "\"kind\": \"live\",\n", with: "")
        let result = load(text)
        #expect(result.collection == nil)
        #expect(result.diagnostics.map(\.path) == ["environments[0].routes[0].path"])
        #expect(result.diagnostics.first?.message == "invalid path pattern: * can only be the last segment")
    }

    @Test("a mock response header with a control character is refused at its row (the server could not send it)")
    func aMockHeaderWithAControlCharacterIsRefused() throws {
        let headers =
            #"[{"name": "X-Ok", "value": "1"}, {"name": "X-Bad", "value": "a\u0001b"}, {"name": "X\u0007", "value": "v"}]"#
        let text = Fixtures.minimal(
            replacing: "\"baseURL\": \"http://127.0.0.1:8080\",",
            with:
                "\"baseURL\": \"http://127.0.0.1:8080\",\n\"kind\": \"mock\", \"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"response\": {\"headers\": \(headers)}}],"
        ).replacingOccurrences(of: "\"kind\": \"live\",\n", with: "")
        let result = load(text)
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.map(\.path) == [
                "environments[0].routes[0].response.headers[1].value",
                "environments[0].routes[0].response.headers[2].name",
            ])
        #expect(
            result.diagnostics.first?.message
                == "a response header's value holds a control character, which cannot be sent")
    }

    @Test func theExampleInTheDocumentationLoads() throws {
        let text = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/collections.md", encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = String(text[start.upperBound..<end.lowerBound])
        let result = load(example)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.collection?.fileText() == example)
    }

    @Test func badJSONPathsAndRegularExpressionsArePositioned() throws {
        let text = Fixtures.minimal(
            replacing: "\"url\": \"/posts/:id\",",
            with: """
                "url": "/posts/:id",
                      "expectations": [{"subject": "jsonPath", "path": "$.items[", "op": "exists"},
                        {"subject": "body", "op": "matches", "value": "(unclosed"}],
                      "captures": [{"variable": "t", "from": "jsonPath", "path": "token"}],
                """)
        let result = load(text)
        #expect(result.collection == nil)
        let messages = result.diagnostics.map { "\($0.line):\($0.column) \($0.path): \($0.message)" }
        #expect(messages.count == 3)
        #expect(messages[0].hasPrefix("38:65 requests[0].expectations[0].path: invalid JSONPath at character 9:"))
        #expect(messages[1] == "39:55 requests[0].expectations[1].value: not a valid regular expression: (unclosed")
        #expect(messages[2].hasPrefix("40:67 requests[0].captures[0].path: invalid JSONPath at character 1:"))
    }
}

/// A first look at a big file (`CollectionLoader.FirstLook`): the first folders and requests of
/// each list, handed over before the whole file is read; none for a small file or a broken part.
@Suite struct FirstLookLoadingTests {
    private func file(requests: Int, folderRequests: Int, brokenAt: Int? = nil) -> [UInt8] {
        func request(_ id: String, _ index: Int) -> String {
            index == brokenAt
                ? #"{"id": "\#(id)", "method": "GET", "url": "/"}"#
                : #"{"id": "\#(id)", "name": "N", "method": "GET", "url": "/\#(id)"}"#
        }
        let top = (0..<requests).map { request("r\($0)", $0) }.joined(separator: ",")
        let inner = (0..<folderRequests).map { request("f\($0)", -1) }.joined(separator: ",")
        return Array(
            #"{"formatVersion": 1, "id": "c", "name": "C", "folders": [{"name": "F", "requests": [\#(inner)]}], "requests": [\#(top)]}"#
                .utf8)
    }

    private func firstLook(_ bytes: [UInt8], minimumBytes: Int = 1) -> (RequestCollection?, CollectionLoader.Result) {
        let seen = Mutex<RequestCollection?>(nil)
        let look = CollectionLoader.FirstLook(minimumBytes: minimumBytes, listLimit: 3) { part in
            seen.withLock { $0 = part }
        }
        let result = CollectionLoader.load(bytes, file: "c.json", firstLook: look)
        return (seen.withLock { $0 }, result)
    }

    @Test func aBigFileIsFirstSeenByItsFirstRequestsOfEachList() throws {
        let (part, whole) = firstLook(file(requests: 8, folderRequests: 5))
        let first = try #require(part)
        #expect(first.requests.map(\.id) == ["r0", "r1", "r2"])
        #expect(first.folders.first?.requests.map(\.id) == ["f0", "f1", "f2"])
        #expect(whole.collection?.requests.count == 8)
        #expect(whole.collection?.folders.first?.requests.count == 5)
    }

    @Test func aDeepFileIsFirstSeenByTenListsWorthInFileOrder() throws {
        // Folders three deep, three of each, three requests in each last one: 120 elements.
        func folder(_ name: String, depth: Int) -> String {
            let children = (0..<3).map { index in
                depth == 3
                    ? "{\"id\": \"\(name)-\(index)\", \"name\": \"N\", \"method\": \"GET\", \"url\": \"/\"}"
                    : folder("\(name)-\(index)", depth: depth + 1)
            }
            let list = depth == 3 ? "requests" : "folders"
            return "{\"name\": \"\(name)\", \"\(list)\": [\(children.joined(separator: ","))]}"
        }
        let folders = (0..<3).map { folder("f\($0)", depth: 1) }.joined(separator: ",")
        let text = "{\"formatVersion\": 1, \"id\": \"c\", \"name\": \"C\", \"folders\": [\(folders)]}"
        let bytes = Array(text.utf8)
        let first = try #require(firstLook(bytes).0)
        func count(_ folders: [Folder]) -> Int {
            folders.reduce(folders.count) { $0 + $1.requests.count + count($1.folders) }
        }
        #expect(count(first.folders) == 30)
        #expect(
            first.folders.first?.folders.first?.folders.first?.requests.map(\.id) == [
                "f0-0-0-0", "f0-0-0-1", "f0-0-0-2",
            ])
        #expect(count(try #require(firstLook(bytes).1.collection).folders) == 3 + 9 + 27 + 81)
    }

    @Test func aSmallFileOrABrokenFirstPartHasNoFirstLook() {
        let bytes = file(requests: 8, folderRequests: 5)
        #expect(firstLook(bytes, minimumBytes: bytes.count + 1).0 == nil)
        // r1 has no name: the first look would be an error too; the whole file reports it.
        let (part, whole) = firstLook(file(requests: 8, folderRequests: 5, brokenAt: 1))
        #expect(part == nil)
        #expect(whole.collection == nil)
        #expect(whole.diagnostics.contains { $0.path.hasPrefix("requests[1]") && $0.message.contains("name") })
    }
}
