import Foundation
import HTTPCore
import Testing
import Workspace

/// The walks `lazer validate` makes over every request skip the ones without the field they look
/// at by asking whether it holds its default (`$body.isDefault`, `$options.isDefault`): the ones
/// that have it are still found, in display order, with the folders leading to them.
struct RequestWalkTests {
    static let collection = RequestCollection(
        id: "walks", name: "Walks",
        folders: [
            Folder(
                name: "API",
                requests: [
                    SavedRequest(id: "plain", name: "Plain", url: "/plain"),
                    SavedRequest(
                        id: "query", name: "Query", method: .post, url: "/graphql",
                        body: SavedBody(.graphql(GraphQLBody(query: "{ viewer { id } }")))),
                ])
        ],
        requests: [
            SavedRequest(id: "json", name: "JSON", url: "/json", body: SavedBody(.json(.object([])))),
            SavedRequest(
                id: "pinned", name: "Pinned", url: "/pinned", options: SavedOptions(caFile: "certs/missing-ca.pem")),
            SavedRequest(
                id: "second", name: "Second", method: .post, url: "/graphql",
                body: SavedBody(.graphql(GraphQLBody(query: "{ a }")))),
        ])

    @Test func graphqlRequestsAreFoundWhereTheyAre() {
        let found = Self.collection.graphqlRequests
        #expect(found.map(\.request.id) == ["query", "second"])
        #expect(found.map(\.folderPath) == [["API"], []])
    }

    @Test func aRequestsMissingFileIsNamedAndRequestsWithoutOptionsAreNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walks-\(UUID().uuidString)")
        let document = CollectionDocument(
            path: folder.appendingPathComponent("walks.json").path, collection: Self.collection,
            fingerprint: FileFingerprint(size: 0, hash: 0))
        let problems = SavedOptions.fileProblems(in: document)
        #expect(problems.count == 1)
        let expected = "request \"Pinned\": options.caFile: no such file certs/missing-ca.pem"
        #expect(problems.first?.hasPrefix(expected) == true, "\(problems)")
    }
}

/// The explorer's `{{` completion lists captured variables on every key typed: `capturedVariables`
/// finds them where they are, in display order, with the request that captures each.
struct CapturedVariablesTests {
    @Test func capturesAreListedInDisplayOrderWithTheirRequest() {
        let collection = RequestCollection(
            id: "c", name: "C",
            folders: [
                Folder(
                    name: "Auth",
                    requests: [
                        SavedRequest(
                            id: "login", name: "Log in", url: "/login",
                            captures: [
                                Capture(variable: "token", source: .jsonPath("$.token"), secret: true),
                                Capture(variable: "user", source: .jsonPath("$.user.id")),
                            ]),
                        SavedRequest(id: "plain", name: "Plain", url: "/plain"),
                    ])
            ],
            requests: [
                SavedRequest(
                    id: "create", name: "Create", url: "/items", captures: [Capture(variable: "id", source: .status)])
            ])
        let found = collection.capturedVariables
        #expect(found.map(\.variable) == ["token", "user", "id"])
        #expect(found.map(\.requestName) == ["Log in", "Log in", "Create"])
    }
}
