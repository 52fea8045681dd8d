import Foundation
import HTTPCore
import Testing
import Workspace

@Suite struct ShippedCollectionsTests {
    private func workspace() throws -> WorkspaceFolder {
        try WorkspaceFolder.open(ShippedCollections.folder)
    }

    @Test func allLoadWithoutErrorsOrWarnings() throws {
        let workspace = try workspace()
        #expect(workspace.entries.count == 4)
        for entry in workspace.entries {
            #expect(entry.document != nil, "\(entry.path) did not load")
            #expect(entry.diagnostics.isEmpty, "\(entry.diagnostics.map(\.description))")
        }
        #expect(workspace.documents.map(\.collection.name) == ["httpbin", "JSONPlaceholder", "Showcase", "Streams"])
        let ids = workspace.documents.flatMap { [$0.collection.id] + $0.collection.allRequests.map(\.request.id) }
        #expect(Set(ids).count == ids.count)
    }

    /// Set `LAZER_REWRITE_COLLECTIONS=1` to rewrite the shipped files in canonical form after editing them.
    @Test func areStoredInCanonicalForm() throws {
        let rewrite = ProcessInfo.processInfo.environment["LAZER_REWRITE_COLLECTIONS"] == "1"
        for document in try workspace().documents {
            let onDisk = try String(contentsOfFile: document.path, encoding: .utf8)
            if rewrite, onDisk != document.collection.fileText() {
                var copy = document
                try CollectionStore.save(&copy, overwrite: true)
                try? FileManager.default.removeItem(atPath: AtomicFile.backupPath(for: document.path))
            }
            #expect(onDisk == document.collection.fileText(), "\(document.path) is not canonical")
        }
    }

    @Test func everyReferencedFileExists() throws {
        for document in try workspace().documents {
            let base = (document.path as NSString).deletingLastPathComponent
            var files: [String] = []
            for environment in document.collection.environments {
                for route in environment.routes {
                    for response in route.responses {
                        if case .file(let path) = response.body { files.append(path) }
                    }
                }
            }
            for location in document.collection.allRequests {
                if case .multipart(let parts) = location.request.body.content {
                    for part in parts { if case .file(let path) = part.source { files.append(path) } }
                }
            }
            for file in files {
                #expect(FileManager.default.fileExists(atPath: base + "/" + file), "\(document.path): missing \(file)")
            }
        }
    }

    @Test func jsonPlaceholderIsOfflineByDefaultAndEveryRequestHasExpectations() throws {
        let document = try #require(try workspace().documents.first { $0.collection.name == "JSONPlaceholder" })
        let collection = document.collection
        #expect(collection.defaultEnvironment == "mock")
        #expect(collection.environment(named: "mock")?.kind == .mock)
        #expect(collection.environment(named: "live")?.baseURL == "https://jsonplaceholder.typicode.com")
        for location in collection.allRequests {
            #expect(!location.request.expectations.isEmpty, "\(location.request.name) has no expectations")
        }
        #expect(Set(collection.allRequests.map(\.request.method)) == [.get, .post, .put, .patch, .delete])
    }

    @Test func showcaseRequestsResolveOnceTheChainHasRun() throws {
        let document = try #require(try workspace().documents.first { $0.collection.name == "Showcase" })
        var collection = document.collection
        SecretValues().apply(to: &collection, processEnvironment: ["LAZER_VAR_password": "pw"])
        let scope = VariableScope(
            collection: collection, environment: collection.environment(named: "mock"),
            captures: ["token": .init("mock-token-5f2a9c", secret: true), "userId": .init("42")])
        let resolver = RequestResolver(scope: scope, baseFolder: ShippedCollections.folder)
        for location in collection.allRequests {
            let outcome = resolver.resolve(location.request)
            if location.request.id == "sc-unresolved" {
                #expect(outcome.problems.map(\.location) == ["headers[0].value"])
            } else {
                #expect(outcome.isSendable, "\(location.request.name): \(outcome.problems.map(\.description))")
            }
        }
        let create = resolver.resolve(try #require(collection.request(id: "sc-create-note")))
        #expect(create.request.target == .path("/v1/notes"))
        guard case .bytes(let body, _) = create.request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains(#""tag":"{{not a variable}}""#))
        #expect(create.request.secretValues == ["mock-token-5f2a9c"])
    }
}
