import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// Export then import gives the same requests back (Postman v2.1 and HAR).
@Suite struct FormatsRoundTripTests {
    static let collection = RequestCollection(
        id: "rt", name: "Round trip",
        variables: [Variable(name: "api", value: "https://api.test"), Variable(name: "token", secret: true)],
        folders: [
            Folder(
                name: "Users", description: "people",
                folders: [
                    Folder(
                        name: "Admin",
                        requests: [
                            SavedRequest(
                                id: "u-del", name: "Delete", method: .delete, url: "{{api}}/users/:id",
                                pathParams: [KeyValueRow(name: "id", value: "3", description: "user")],
                                auth: SavedAuth(.basic(username: "root", password: "{{token}}")))
                        ])
                ],
                requests: [
                    SavedRequest(
                        id: "u-list", name: "List", url: "{{api}}/users",
                        query: [
                            KeyValueRow(name: "page", value: "2"),
                            KeyValueRow(name: "q", value: "a b&c", enabled: false),
                        ],
                        headers: [
                            KeyValueRow(name: "Accept", value: "application/json"),
                            KeyValueRow(name: "X-Off", value: "1", enabled: false),
                        ],
                        auth: SavedAuth(.bearer(token: "{{token}}"))),
                    SavedRequest(
                        id: "u-new", name: "Create", method: .post, url: "{{api}}/users",
                        body: SavedBody(
                            .json(
                                .object([
                                    StoredJSON.Member("name", .string("Ada")), StoredJSON.Member("age", .number("36")),
                                ]))),
                        auth: SavedAuth(.apiKey(name: "X-Key", value: "{{token}}", location: .header))),
                ])
        ],
        requests: [
            SavedRequest(
                id: "form", name: "Form", method: .post, url: "{{api}}/form",
                body: SavedBody(
                    .formURLEncoded([
                        KeyValueRow(name: "a", value: "1"), KeyValueRow(name: "b", value: "2", enabled: false),
                    ]))),
            SavedRequest(
                id: "multi", name: "Upload", method: .put, url: "{{api}}/upload",
                body: SavedBody(
                    .multipart([
                        SavedPart(name: "t", source: .text("x")), SavedPart(name: "f", source: .file(path: "a.bin")),
                    ]))),
            SavedRequest(
                id: "text", name: "Text", method: .patch, url: "{{api}}/t",
                headers: [KeyValueRow(name: "Content-Type", value: "text/csv")],
                body: SavedBody(.text("a,b", contentType: nil))),
        ])

    func document(_ collection: RequestCollection) -> CollectionDocument {
        CollectionDocument(
            path: "/tmp/rt.json", collection: collection,
            fingerprint: FileFingerprint(size: 0, hash: 0))
    }

    @Test func postmanExportThenImportGivesTheSameRequests() throws {
        let bytes = try PostmanExport.export(ExportInput(document: document(Self.collection), revealSecrets: true))
        // The export writes the upload's path absolute; imported into a collection beside the
        // first, it is relative to it again.
        let back = try PostmanImport.importCollection(
            ImportSource(name: "rt.postman_collection.json", bytes: bytes, baseFolder: "/elsewhere"),
            options: ImportOptions(targetFolder: "/tmp"))
        #expect(back.collection.allRequests == Self.collection.allRequests)
        #expect(back.collection.folders.map(\.name) == ["Users"])
        #expect(back.collection.folders[0].description == "people")
        #expect(back.collection.variables.map(\.name) == ["api", "token"])
        #expect(back.report.isEmpty)
    }

    @Test func postmanExportMasksSecretsUnlessRevealed() throws {
        var collection = Self.collection
        collection.variables[1].value = "hunter22"
        collection.requests[0].headers = [KeyValueRow(name: "X-Pass", value: "hunter22")]
        let text = String(
            decoding: try PostmanExport.export(ExportInput(document: document(collection))), as: UTF8.self)
        #expect(!text.contains("hunter22"))
    }

    @Test func postmanExportCarriesALiveEnvironmentAsBaseURLAndVariables() throws {
        let collection = RequestCollection(
            id: "env", name: "Env", defaultEnvironment: "mock",
            requests: [
                SavedRequest(id: "r", name: "R", url: "/posts/:id", pathParams: [KeyValueRow(name: "id", value: "1")])
            ],
            environments: [
                Environment(name: "mock", kind: .mock, baseURL: "http://blog.mock"),
                Environment(
                    name: "live", baseURL: "https://blog.test", variables: [Variable(name: "region", value: "eu")]),
            ])
        let bytes = try PostmanExport.export(ExportInput(document: document(collection)))
        let back = try PostmanImport.importCollection(
            ImportSource(name: "env.json", bytes: bytes, baseFolder: "/tmp"), options: ImportOptions())
        #expect(back.collection.requests[0].url == "{{baseUrl}}/posts/:id")
        #expect(back.collection.variables.map(\.name) == ["baseUrl", "region"])
        #expect(back.collection.variables[0].value == "https://blog.test")
    }

    @Test func harExportThenImportGivesTheSameRequests() throws {
        let entries = [
            HistoryEntry(
                requestID: "h1", requestName: "Search", method: "GET", url: "https://api.test/search?q=a%20b&n=1",
                requestHeaders: [HistoryEntry.Header("Accept", "application/json")], status: 200,
                responseHeaders: [HistoryEntry.Header("Content-Type", "application/json")],
                responseBody: HistoryBody(text: "{}", encoding: .utf8, size: 2, truncated: false),
                durationMilliseconds: 12),
            HistoryEntry(
                requestID: "h2", requestName: "Create", method: "POST", url: "https://api.test/items",
                requestHeaders: [HistoryEntry.Header("Content-Type", "application/json")],
                requestBody: HistoryBody(text: "{\"a\":1}", encoding: .utf8, size: 7, truncated: false), status: 201),
        ]
        let collection = RequestCollection(
            id: "h", name: "H",
            requests: [
                SavedRequest(id: "h1", name: "Search", url: "/"), SavedRequest(id: "h2", name: "Create", url: "/"),
            ])
        let bytes = try HARExport.export(ExportInput(document: document(collection), history: entries))
        let back = try HARImport.importCollection(
            ImportSource(name: "h.har", bytes: bytes, baseFolder: "/tmp"), options: ImportOptions())
        let requests = back.collection.allRequests.map(\.request)
        #expect(requests.map(\.id) == ["h1", "h2"])
        #expect(requests.map(\.name) == ["Search", "Create"])
        #expect(requests[0].url == "https://api.test/search")
        #expect(requests[0].query == [KeyValueRow(name: "q", value: "a b"), KeyValueRow(name: "n", value: "1")])
        #expect(requests[0].headers == [KeyValueRow(name: "Accept", value: "application/json")])
        #expect(requests[1].method == .post)
        #expect(requests[1].body == SavedBody(.json(.object([StoredJSON.Member("a", .number("1"))]))))
    }

    @Test func harExportWithoutHistoryIsAnError() {
        #expect(throws: ExportError.self) {
            try HARExport.export(ExportInput(document: document(Self.collection)))
        }
    }
}
