import Foundation
import Interop
import Testing
import Workspace

/// Whole imports compared byte for byte with golden files in `Fixtures/golden`: the collection as
/// `lazer import` writes it, then the report. `RECORD_GOLDEN=1 swift test --filter FormatsGoldenTests`
/// writes them afresh (review the diff).
@Suite struct FormatsGoldenTests {
    static let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    func check(_ result: ImportResult, golden name: String) throws {
        let text =
            result.collection.fileText() + "\n// report\n"
            + result.report.items.map { "\($0)\n" }.joined()
        let path = Fixtures.folder + "/golden/" + name
        if Self.record {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file; RECORD_GOLDEN=1 re-records it")
        let loaded = CollectionLoader.load(Array(result.collection.fileText().utf8), file: name)
        #expect(loaded.collection != nil, "\(loaded.diagnostics)")
    }

    @Test func postman() throws {
        try check(
            PostmanImport.importCollection(
                Fixtures.source(PostmanImportTests.v21, name: "shop.postman_collection.json"), options: ImportOptions()),
            golden: "postman-shop.json")
    }

    @Test func openAPI() throws {
        try check(
            OpenAPIImport.importCollection(
                Fixtures.source(OpenAPIImportTests.yaml31, name: "zoo.yaml"), options: ImportOptions()),
            golden: "openapi-zoo.json")
    }

    /// The dynamic values of `.http` clients, carried in Lazer's words; the golden shows each one.
    @Test func httpDynamicValues() throws {
        try check(
            HTTPFileImport.importCollection(try Fixtures.load("dynamic.http"), options: ImportOptions()),
            golden: "http-dynamic.json")
    }

    /// Postman's dynamic variables Lazer computes, and one it does not.
    @Test func postmanDynamicValues() throws {
        try check(
            PostmanImport.importCollection(
                Fixtures.source(Self.postmanDynamic, name: "dynamic.postman_collection.json"), options: ImportOptions()),
            golden: "postman-dynamic.json")
    }

    static let postmanDynamic = """
        {"info": {"name": "Dynamic", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "All", "request": {"method": "POST",
           "url": "http://localhost:8080/items?id={{$guid}}&n={{$randomInt}}",
           "header": [{"key": "X-Ids", "value": "{{$randomUUID}} {{$timestamp}} {{$isoTimestamp}} {{$randomAlphaNumeric}}"},
                      {"key": "X-Color", "value": "{{$randomColor}}"}]}}]}
        """

    @Test func har() throws {
        try check(
            HARImport.importCollection(
                Fixtures.source(HARImportTests.har, name: "capture.har"), options: ImportOptions()),
            golden: "har-capture.json")
    }
}
