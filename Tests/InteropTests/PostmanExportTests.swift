import Foundation
import HTTPCore
import Interop
import LoopbackTesting
import Testing
import Workspace

/// Postman export beyond the requests: environments as Postman environment files, expectations and
/// captures as a test script, and the report of what Postman cannot hold.
@Suite struct PostmanExportTests {
    static func document(_ collection: RequestCollection) -> CollectionDocument {
        CollectionDocument(path: "/tmp/pm.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
    }

    static let environments = RequestCollection(
        id: "envs", name: "Envs", defaultEnvironment: "mock",
        variables: [Variable(name: "version", value: "v2")],
        requests: [SavedRequest(id: "r", name: "R", url: "/items")],
        environments: [
            Environment(name: "mock", kind: .mock, baseURL: "http://envs.mock"),
            Environment(
                name: "staging", baseURL: "https://staging.test",
                variables: [
                    Variable(name: "region", value: "eu", description: "where"),
                    Variable(name: "token", value: "st-secret-1", secret: true),
                ]),
            Environment(name: "prod/eu", baseURL: "https://api.test"),
        ])

    @Test func eachLiveEnvironmentBecomesAPostmanEnvironmentFile() throws {
        let output = try PostmanExport.output(
            ExportInput(document: Self.document(Self.environments), environmentFiles: true))
        #expect(output.files.map(\.name) == ["staging.postman_environment.json", "prod_eu.postman_environment.json"])
        let staging = String(decoding: output.files[0].bytes, as: UTF8.self)
        #expect(!staging.contains("st-secret-1"))
        let environment = try #require(
            try PostmanImport.importEnvironments(
                ImportSource(name: output.files[0].name, bytes: output.files[0].bytes, baseFolder: "/tmp")
            ).environments.first)
        #expect(environment.name == "staging")
        #expect(environment.baseURL == "{{baseUrl}}")
        #expect(environment.variables.map(\.name) == ["baseUrl", "region", "token"])
        #expect(environment.variables.map(\.value) == ["https://staging.test", "eu", ""])
        #expect(environment.variables[2].secret)
        #expect(environment.variables[1].description == "where")
        // The collection keeps its own variables only; its relative URLs use {{baseUrl}}.
        let collection = String(decoding: output.bytes, as: UTF8.self)
        #expect(!collection.contains("\"region\""))
        #expect(collection.contains("\"raw\": \"{{baseUrl}}/items\""))
        #expect(
            output.report.items.map(\.description) == [
                "environment mock: mock environment (Postman does not serve Lazer's mock routes) (left out)"
            ])

        let revealed = try PostmanExport.output(
            ExportInput(
                document: Self.document(Self.environments), environment: Self.environments.environments[1],
                revealSecrets: true, environmentFiles: true))
        #expect(revealed.files.map(\.name) == ["staging.postman_environment.json"])
        #expect(String(decoding: revealed.files[0].bytes, as: UTF8.self).contains("\"value\": \"st-secret-1\""))
        #expect(revealed.report.items.map(\.place) == ["environment mock", "environment prod/eu"])
    }

    @Test func withoutEnvironmentFilesTheOthersAreReported() throws {
        let output = try PostmanExport.output(ExportInput(document: Self.document(Self.environments)))
        #expect(output.files.isEmpty)
        #expect(
            output.report.items.map(\.description) == [
                "environment mock: mock environment (Postman does not serve Lazer's mock routes) (left out)",
                "environment prod/eu: environment (--environments DIR writes each as a Postman environment) (left out)",
            ])
    }

    @Test func exportWithEnvironmentsThenImportSendsTheSame() async throws {
        let server = try LoopbackServer.shared()
        let document = ExportRoundTripTests.document(port: server.port)
        let environment = document.collection.environments[0]
        let output = try PostmanExport.output(
            ExportInput(document: document, revealSecrets: true, environmentFiles: true))
        let file = try #require(output.files.first)
        #expect(file.name == "local.postman_environment.json")
        var imported = try PostmanImport.importCollection(
            ImportSource(
                name: "rt.postman_collection.json", bytes: output.bytes, baseFolder: ExportRoundTripTests.folder),
            options: ImportOptions(targetFolder: ExportRoundTripTests.folder))
        let environments = try Importer.importEnvironments(
            ImportSource(name: file.name, bytes: file.bytes, baseFolder: ExportRoundTripTests.folder))
        imported.collection.environments = environments.environments
        #expect(imported.collection.variables == document.collection.variables)
        let back = try #require(imported.collection.environments.first)
        #expect(back.variables.map(\.name) == ["baseUrl"] + environment.variables.map(\.name))
        #expect(back.variables.dropFirst().map(\.value) == environment.variables.map(\.value))
        #expect(
            imported.collection.allRequests.map { $0.folderPath + [$0.request.name] }
                == document.collection.allRequests.map { $0.folderPath + [$0.request.name] })
        #expect(
            imported.collection.allRequests.map(\.request.method)
                == document.collection.allRequests.map(\.request.method))
        let original = try await ExportRoundTripTests.sent(document, environment: environment)
        let roundTripped = try await ExportRoundTripTests.sent(
            CollectionDocument(
                path: ExportRoundTripTests.folder + "/back.json", collection: imported.collection,
                fingerprint: .missing),
            environment: back)
        #expect(roundTripped.map { $0.jsonNormalized() } == original.map { $0.jsonNormalized() })
        #expect(
            output.report.items.map(\.description) == [
                "Text: timeout 5 s (Postman has one timeout for all requests) (left out)"
            ])
    }

    static let checked = RequestCollection(
        id: "checks", name: "Checks",
        folders: [
            Folder(
                name: "Auth",
                requests: [
                    SavedRequest(
                        id: "login", name: "Log in", method: .post, url: "https://api.test/login",
                        options: SavedOptions(
                            followRedirects: true, verifyTLS: false, proxy: "http://proxy.test:8080",
                            caFile: "certs/ca.pem", clientCertificate: "certs/me.pem"),
                        expectations: [
                            Expectation(subject: .status, op: .equals, value: .integer(200)),
                            Expectation(subject: .header(name: "Content-Type"), op: .contains, value: .string("json")),
                            Expectation(subject: .jsonPath("$.user['first name']"), op: .equals, value: .string("Ada")),
                            Expectation(subject: .jsonPath("$.items[0].id"), op: .greaterThan, value: .integer(3)),
                            Expectation(subject: .jsonPath("$.tags"), op: .oneOf, value: .array([.string("a")])),
                            Expectation(subject: .jsonPath("$.gone"), op: .notExists),
                            Expectation(subject: .responseTime, op: .lessThan, value: .integer(500)),
                            Expectation(subject: .body, op: .matches, value: .string("^\\{")),
                            Expectation(subject: .jsonPath("$.items[?@.id > 1]"), op: .exists),
                        ],
                        captures: [
                            Capture(variable: "token", source: .jsonPath("$.token"), secret: true),
                            Capture(variable: "next", source: .header(name: "Location")),
                            Capture(variable: "all", source: .jsonPath("$..id")),
                        ],
                        retry: RetryPolicy(count: 2), notes: "first step")
                ]),
            Folder(
                name: "Files",
                requests: [
                    SavedRequest(
                        id: "up", name: "Upload", method: .post, url: "https://api.test/up",
                        body: SavedBody(
                            .multipart([SavedPart(name: "doc", source: .file(path: "a.bin"), fileName: "report.pdf")])))
                ]),
        ])

    @Test func expectationsAndCapturesBecomeATestScriptAndTheRestIsReported() throws {
        let output = try PostmanExport.output(ExportInput(document: Self.document(Self.checked)))
        let text = String(decoding: output.bytes, as: UTF8.self)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.bytes)) as? [String: Any])
        let folder = try #require((root["item"] as? [[String: Any]])?.first)
        let item = try #require((folder["item"] as? [[String: Any]])?.first)
        let event = try #require((item["event"] as? [[String: Any]])?.first)
        #expect(event["listen"] as? String == "test")
        let exec = try #require((event["script"] as? [String: Any])?["exec"] as? [String])
        #expect(exec.first == "// Written by lazer export from the request's expectations and captures.")
        #expect(exec[1].hasPrefix("// lazer: {\"expectations\":[{\"subject\":\"status\""))
        #expect(
            Array(exec.dropFirst(5)) == [
                "pm.test(\"status equals 200\", function () { pm.expect(pm.response.code).to.eql(200); });",
                "pm.test(\"header Content-Type contains json\", function () { "
                    + "pm.expect(lazerText(pm.response.headers.get(\"Content-Type\"))).to.include(\"json\"); });",
                "pm.test(\"$.user['first name'] equals Ada\", function () { "
                    + "pm.expect(lazerText(lazerJSON()?.[\"user\"]?.[\"first name\"])).to.eql(\"Ada\"); });",
                "pm.test(\"$.items[0].id greaterThan 3\", function () { "
                    + "pm.expect(Number(lazerJSON()?.[\"items\"]?.[0]?.[\"id\"])).to.be.above(3); });",
                "pm.test(\"$.tags oneOf [\\\"a\\\"]\", function () { "
                    + "pm.expect(lazerJSON()?.[\"tags\"]).to.be.oneOf([\"a\"]); });",
                "pm.test(\"$.gone notExists\", function () { pm.expect(lazerJSON()?.[\"gone\"]).to.be.undefined; });",
                "pm.test(\"response time (ms) lessThan 500\", function () { "
                    + "pm.expect(Number(pm.response.responseTime)).to.be.below(500); });",
                "pm.test(\"body matches ^\\\\{\", function () { "
                    + "pm.expect(lazerText(pm.response.text())).to.match(new RegExp(\"^\\\\{\")); });",
                "lazerSet(\"token\", lazerJSON()?.[\"token\"]);",
                "lazerSet(\"next\", pm.response.headers.get(\"Location\"));",
            ])
        #expect(text.contains("\"followRedirects\": true"))
        #expect(text.contains("\"strictSSL\": false"))
        #expect(
            output.report.items.map(\.description) == [
                "Auth/Log in: expectation on $.items[?@.id > 1]: a JSONPath Postman cannot follow "
                    + "(not run by Postman; kept in the script for a Lazer import)",
                "Auth/Log in: secret capture token (set as a plain Postman environment value)",
                "Auth/Log in: capture of all: a JSONPath Postman cannot follow "
                    + "(not run by Postman; kept in the script for a Lazer import)",
                "Auth/Log in: proxy http://proxy.test:8080 (Postman sets proxies in its settings) (left out)",
                "Auth/Log in: CA file certs/ca.pem (Postman sets CA certificates in its settings) (left out)",
                "Auth/Log in: client certificate certs/me.pem (Postman sets client certificates in its settings) "
                    + "(left out)",
                "Auth/Log in: retry policy (Postman does not retry) (left out)",
                "Files/Upload: file name report.pdf of part doc (Postman sends the file's own name) (left out)",
            ])
        #expect(text.contains("\"description\": \"Notes:\\nfirst step\""))
        // Importing it back gives every check and capture back (those Postman cannot run too), and
        // the script, which says nothing more, is not kept.
        let back = try PostmanImport.importCollection(
            ImportSource(name: "checks.json", bytes: output.bytes, baseFolder: "/tmp"), options: ImportOptions())
        let original = Self.checked.folders[0].requests[0]
        let request = try #require(back.collection.allRequests.first?.request)
        #expect(request.expectations == original.expectations)
        #expect(request.captures == original.captures)
        #expect(request.notes == nil)
        #expect(back.report.isEmpty, "\(back.report.items)")
    }

    @Test func aScriptEditedInPostmanKeepsItsChecksAndWhatWasAddedAsItsTestScript() throws {
        var output = String(
            decoding: try PostmanExport.output(ExportInput(document: Self.document(Self.checked))).bytes, as: UTF8.self)
        let last = "\"lazerSet(\\\"next\\\", pm.response.headers.get(\\\"Location\\\"));\""
        #expect(output.contains(last))
        output = output.replacingOccurrences(of: last, with: last + ", \"console.log('edited');\"")
        let back = try PostmanImport.importCollection(
            ImportSource(name: "checks.json", bytes: Array(output.utf8), baseFolder: "/tmp"), options: ImportOptions())
        let request = try #require(back.collection.allRequests.first?.request)
        #expect(request.expectations == Self.checked.folders[0].requests[0].expectations)
        #expect(request.scripts?.test == "console.log('edited');")
        #expect(request.notes == nil)
        #expect(back.report.isEmpty, "\(back.report.items)")
    }

    @Test func aLowercaseMethodIsReportedSincePostmanSendsItInCapitals() throws {
        let purge = try #require(RequestMethod(rawValue: "purge"))
        let report = try #require(RequestMethod(rawValue: "REPORT"))
        let collection = RequestCollection(
            id: "m", name: "M", defaultEnvironment: "mock",
            requests: [
                SavedRequest(id: "a", name: "Purge", method: purge, url: "/cache"),
                SavedRequest(id: "b", name: "Report", method: report, url: "/cal"),
            ],
            environments: [Environment(name: "mock", kind: .mock, baseURL: "http://m.mock")])
        let output = try PostmanExport.output(ExportInput(document: Self.document(collection)))
        #expect(
            output.report.items.map(\.description) == [
                "Purge: method purge (Postman sends methods in capitals) (sent as PURGE)"
            ])
        #expect(String(decoding: output.bytes, as: UTF8.self).contains("\"method\": \"purge\""))
    }

    @Test func onlyJSONPathsOfPlainNamesAndIndexesAreTranslated() throws {
        let cases: [(String, String?)] = [
            ("$", "lazerJSON()"), ("$.a", "lazerJSON()?.[\"a\"]"), ("$['a b'][2]", "lazerJSON()?.[\"a b\"]?.[2]"),
            ("$.a_1.é", "lazerJSON()?.[\"a_1\"]?.[\"é\"]"), ("$..a", nil), ("$.*", nil), ("$[*]", nil), ("$[-1]", nil),
            ("$.a[?@.b]", nil), ("$[1:2]", nil), ("$.1a", nil), ("$['a\\'b']", nil),
        ]
        for (path, expected) in cases {
            let request = SavedRequest(
                id: "p", name: "P", url: "https://api.test/",
                expectations: [Expectation(subject: .jsonPath(path), op: .exists)])
            let output = try PostmanExport.output(
                ExportInput(document: Self.document(RequestCollection(id: "p", name: "P", requests: [request]))))
            let text = String(decoding: output.bytes, as: UTF8.self)
            if let expected {
                let line = "pm.expect(\(expected)).to.not.be.undefined"
                #expect(text.contains(StoredJSON.string(line).compact().dropFirst().dropLast()), "\(path)")
                #expect(output.report.isEmpty, "\(path)")
            } else {
                #expect(output.report.items.count == 1, "\(path)")
                #expect(!text.contains("pm.test("), "\(path)")
            }
        }
    }
}
