import Foundation
import Futures
import FuturesTesting
import HTTPCore
import Synchronization
import Testing
import Workspace

/// Runs the example of docs/workspace.md (keep the two in step).
@Suite struct DocumentationExampleTests {
    @Test func theLibraryExampleRuns() throws {
        let copy = try TemporaryFolder()
        let state = try TemporaryFolder()
        try FileManager.default.removeItem(atPath: copy.path)
        try FileManager.default.copyItem(atPath: ShippedCollections.folder, toPath: copy.path)
        let collectionsFolder = copy.path
        let live = RecordingDispatcher(scheduler: ManualScheduler())
        let reports = Mutex<[String]>([])
        let report: @Sendable (String) -> Void = { line in reports.withLock { $0.append(line) } }
        let environment = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": state.path]
        try example(environment, collectionsFolder, live, report)
        #expect(reports.withLock { $0 }.isEmpty)
        let history = HistoryStore(
            directories: UserDirectories(config: state.path + "/lazer", state: state.path + "/lazer"))
        #expect(try history.entries(collectionID: "5a0c6b8e-2f4d-4e51-9b7a-3c1d2e4f6a01").map(\.status) == [200])
        #expect(
            try String(contentsOfFile: copy.path + "/jsonplaceholder.json", encoding: .utf8).contains("Checked today"))
    }

    private func example(
        _ environment: [String: String], _ collectionsFolder: String, _ live: RecordingDispatcher,
        _ report: @escaping @Sendable (String) -> Void
    ) throws {
        let scheduler = ManualScheduler()  // the app passes MainQueueScheduler()
        let services = WorkspaceServices(
            directories: UserDirectories(environment: environment),  // ProcessInfo.processInfo.environment
            liveDispatcher: live,  // the app passes its CurlDispatcher
            scheduler: scheduler)

        // Open a folder: every *.json file loads on its own; broken ones carry positioned diagnostics.
        let workspace = try services.open(folder: collectionsFolder)
        for entry in workspace.entries where entry.document == nil {
            // file:line:column: error: path: message
            for diagnostic in entry.diagnostics { report(diagnostic.description) }
        }
        var document = try #require(workspace.documents.first { $0.collection.name == "JSONPlaceholder" })

        // Prepare a saved request in an environment: resolve {{variables}}, point the shared
        // EnvironmentServerProvider at the environment, pick the dispatcher (mock routes or live).
        let saved = try #require(document.collection.request(id: "jp-posts-get"))
        let preparation = services.prepare(saved, in: document, environmentName: "mock")
        guard let future = preparation.future(), let request = preparation.request else {
            preparation.problems.forEach(report)  // e.g. "headers[0].value: {{traceId}} is not defined …"
            return
        }
        let started = Date()
        future
            .result { result in
                // Record the exchange (secrets redacted, large bodies truncated) under the collection's id.
                let exchange = Exchange(
                    request: request, url: nil, result: result,
                    startedAt: started, duration: .milliseconds(Int64(Date().timeIntervalSince(started) * 1000)))
                try? services.record(exchange, of: preparation)
            }
            .send()
        scheduler.runAll()

        // Edit and save: atomic, byte-stable, secrets to the secrets file, conflicts never overwritten silently.
        document.collection.updateRequest(id: saved.id) { $0.notes = "Checked today" }
        do {
            try services.save(&document)
        } catch {
            guard case .conflict = error else { return report(error.description) }
            // The file changed on disk since it was loaded: ask the user to reload or overwrite
            // (`services.save(&document, overwrite: true)`).
        }
    }
}
