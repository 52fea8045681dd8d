import HTTPCore
import Interop
import Testing
import Workspace

/// Custom methods (`PURGE`, `PROPFIND`) come in from every format as written, and go out again.
@Suite struct CustomMethodImportTests {
    @Test func postmanCustomMethod() throws {
        let text = """
            {"info": {"name": "Cache", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "Purge", "request": {"method": "PURGE", "url": "https://cdn.test/a"}},
                      {"name": "Bad", "request": {"method": "GE T", "url": "https://cdn.test/b"}}]}
            """
        let result = try PostmanImport.importCollection(
            Fixtures.source(text, name: "cache.postman_collection.json"), options: ImportOptions())
        #expect(result.collection.requests.map(\.method.rawValue) == ["PURGE", "GET"])
        #expect(result.report.items.map(\.what) == ["method GE T (not an HTTP token)"])
        #expect(result.report.items.first?.kept == "imported as GET")

        let back = try PostmanImport.importCollection(
            ImportSource(
                name: "again.json",
                bytes: try PostmanExport.export(
                    ExportInput(
                        document: CollectionDocument(
                            path: "/tmp/c.json", collection: result.collection,
                            fingerprint: FileFingerprint(size: 0, hash: 0)))),
                baseFolder: "/tmp"),
            options: ImportOptions())
        #expect(back.collection.requests.first?.method.rawValue == "PURGE")
    }

    @Test func harAndHTTPFileCustomMethods() throws {
        let har = """
            {"log": {"version": "1.2", "entries": [
              {"request": {"method": "PROPFIND", "url": "https://dav.test/files/", "headers": [{"name": "Depth", "value": "1"}]},
               "response": {"status": 207}}]}}
            """
        let fromHAR = try HARImport.importCollection(Fixtures.source(har, name: "dav.har"), options: ImportOptions())
        #expect(fromHAR.collection.allRequests.map(\.request.method.rawValue) == ["PROPFIND"])

        let http = "PROPFIND https://dav.test/files/ HTTP/1.1\nDepth: 1\n\n###\nPURGE https://cdn.test/a\n"
        let fromHTTP = try HTTPFileImport.importCollection(
            Fixtures.source(http, name: "dav.http"), options: ImportOptions())
        #expect(fromHTTP.collection.requests.map(\.method.rawValue) == ["PROPFIND", "PURGE"])
        #expect(fromHTTP.collection.requests[0].headers == [KeyValueRow(name: "Depth", value: "1")])
        let exported = HTTPFileExport.file(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/d.json", collection: fromHTTP.collection, fingerprint: FileFingerprint(size: 0, hash: 0)
                )))
        #expect(exported.contains("PROPFIND https://dav.test/files/"))
    }

    @Test func customMethodsWithShellOrCommentCharactersSurviveExport() throws {
        let shell = try #require(RequestMethod(rawValue: "$x|y"))
        let hash = try #require(RequestMethod(rawValue: "#X"))
        let collection = RequestCollection(
            id: "c", name: "C",
            requests: [
                SavedRequest(id: "a", name: "A", method: shell, url: "https://a.test/"),
                SavedRequest(id: "b", name: "B", method: hash, url: "https://a.test/b"),
            ])
        let document = CollectionDocument(
            path: "/tmp/c.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let curl = CurlExport.commands(ExportInput(document: document))
        #expect(curl.contains("-X '$x|y'"))
        let back = try CurlImport.importCollection(Fixtures.source(curl, name: "c.sh"), options: ImportOptions())
        #expect(back.collection.requests.map(\.method.rawValue) == ["$x|y", "#X"])
        // A .http request line starting with # would be a comment: that method is named in one.
        let http = HTTPFileExport.file(ExportInput(document: document))
        #expect(
            http.contains("# Lazer: the method #X cannot be written in a .http file; GET here\nGET https://a.test/b"))
        let fromHTTP = try HTTPFileImport.importCollection(
            Fixtures.source(http, name: "c.http"), options: ImportOptions())
        #expect(fromHTTP.collection.requests.count == 2)
    }

    @Test(
        "a header whose name starts with # (a token character) is named in a comment in .http, not written as a separator"
    )
    func hashHeaderInHTTPExport() throws {
        // Found by fuzz-import: `-H '###Content-Type: x'` exported as a `###…` line split the request in two.
        let curl = "curl https://a.test/ -H '###Content-Type: x' -H 'Accept: text/plain' -d 'b'"
        let imported = try CurlImport.importCollection(Fixtures.source(curl, name: "c.sh"), options: ImportOptions())
        let document = CollectionDocument(
            path: "/tmp/c.json", collection: imported.collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let http = HTTPFileExport.file(ExportInput(document: document))
        #expect(http.contains("# Lazer: the header ###Content-Type cannot be written in a .http file"))
        #expect(http.contains("Accept: text/plain"))
        let back = try HTTPFileImport.importCollection(Fixtures.source(http, name: "c.http"), options: ImportOptions())
        #expect(back.collection.requests.count == 1)
        #expect(back.collection.requests.first?.headers.map(\.name) == ["Accept", "Content-Type"])
    }
}
