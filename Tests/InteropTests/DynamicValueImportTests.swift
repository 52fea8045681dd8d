import Foundation
import Interop
import Testing
import Workspace

/// Imported `.http` and Postman collections keep working: every dynamic value they carry is one
/// Lazer computes, with the same meaning, and sends without a problem.
@Suite struct DynamicValueImportTests {
    static let values = DynamicValues(
        now: { Date(timeIntervalSince1970: 1_769_851_800.25) }, uuid: { "uuid-1" }, randomInt: { $0.upperBound },
        randomString: { String(repeating: "z", count: $0) })

    private func resolve(_ request: SavedRequest, _ collection: RequestCollection) throws -> RequestResolver.Outcome {
        let folder = NSTemporaryDirectory() + "lazer-dynamic-import-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "API_KEY=k-123456\n".write(toFile: folder + "/.env", atomically: true, encoding: .utf8)
        let scope = VariableScope(
            collection: collection, environment: nil, processEnvironment: ["HOME": "/home/ada", "USER": "ada"],
            dynamic: Self.values, dotenvFolder: folder)
        return RequestResolver(scope: scope, baseFolder: folder).resolve(request)
    }

    @Test func httpClientDynamicValuesAreSentWithTheirArguments() throws {
        let result = try HTTPFileImport.importCollection(try Fixtures.load("dynamic.http"), options: ImportOptions())
        let requests = result.collection.requests
        let outcome = try resolve(requests[0], result.collection)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let headers = Dictionary(
            outcome.request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        // $randomInt 1 7 gives at most 6 (MAX excluded, as the .http clients do).
        #expect(outcome.request.displayURL(baseURL: nil) == "http://localhost:8080/items?id=uuid-1&n=6")
        #expect(headers["X-Sent"] == "1769851800 1769765400 2026-01-31T09:30:00.250Z")
        #expect(headers["X-Date"] == "Sat, 31 Jan 2026 09:30:00 GMT 31-01-2025 2026-01-31 11:30")
        #expect(headers["X-Env"] == "/home/ada ada")
        #expect(headers["X-Key"] == "k-123456")
        #expect(headers["X-Dice"] == "6 zzzzzzzz")
        // The request Lazer cannot fill is reported at import and at send.
        let other = try resolve(requests[1], result.collection)
        #expect(other.problems.count == 2)
        #expect(result.report.items.map(\.description).contains { $0.contains("{{$aadToken}}") })
    }

    @Test func postmanDynamicVariablesAreSent() throws {
        let result = try PostmanImport.importCollection(
            Fixtures.source(FormatsGoldenTests.postmanDynamic, name: "dynamic.postman_collection.json"),
            options: ImportOptions())
        let outcome = try resolve(result.collection.requests[0], result.collection)
        #expect(outcome.problems.map(\.kind) == [.unknownDynamic("randomColor")])
        let ids = outcome.request.headers.first { $0.name == "X-Ids" }?.value
        #expect(ids == "uuid-1 1769851800 2026-01-31T09:30:00.250Z z")
        #expect(outcome.request.displayURL(baseURL: nil) == "http://localhost:8080/items?id=uuid-1&n=1000")
    }
}
