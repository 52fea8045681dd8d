import Dispatch
import Foundation
import Futures
import HTTPCore
import Replay
import Workspace

/// A temporary folder with collection files and user directories, and the services a run needs.
final class ReplayFixture {
    /// The repository root (this file is Tests/ReplayTests/ReplayFixture.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    let path: String
    let services: WorkspaceServices

    /// `scheduler`: where futures deliver (a queue of its own; `lazer run` delivers on the network
    /// thread, with `ImmediateScheduler`).
    init(
        liveDispatcher: any DataDispatcher = MockDispatcher(scheduler: ImmediateScheduler()),
        processEnvironment: [String: String] = [:], scripts: any ScriptRunner = ScriptsUnavailable(),
        scheduler: any Scheduler = DispatchQueueScheduler(DispatchQueue(label: "replay.tests"))
    ) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-replay-tests")
        let url = base.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
        services = WorkspaceServices(
            directories: UserDirectories(config: path + "/config", state: path + "/state"),
            liveDispatcher: liveDispatcher, scheduler: scheduler,
            processEnvironment: processEnvironment, scripts: scripts, recordsMockRequests: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Loads `paths` (which must load) and selects from them.
    func plan(
        _ paths: [String], environment: String? = nil, folder: String? = nil, requests: [String] = []
    ) throws -> RunPlan {
        let loaded = RunLoader.load(paths, services: services)
        guard loaded.failures.isEmpty else { throw FixtureError(loaded.diagnostics.map(\.description).joined()) }
        return try RunPlan.select(
            from: loaded.documents, environment: environment, folder: folder, requests: requests)
    }

    func run(
        _ paths: [String], requests: [String] = [],
        configuration: RunConfiguration = RunConfiguration(recordHistory: false)
    ) async throws -> RunReport {
        let plan = try plan(paths, environment: configuration.environment, requests: requests)
        return await ReplayRunner(services: services, configuration: configuration).run(plan)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
