import AnnotatedLocks
import Foundation
package import Futures
package import HTTPCore
import Synchronization

/// Picks the dispatcher for an environment: the live dispatcher the application injects (the
/// libcurl one in `lazer`; Workspace never links libcurl) for live environments, and a
/// `MockDispatcher` built from the routes for mock environments.
///
/// Mock dispatchers are built once per collection and environment and rebuilt only when the
/// routes change, so a mock `sequence` keeps its place between requests. Thread-safe.
package final class DispatcherSelector: Sendable {
    private struct Key: Hashable {
        var collectionID: String
        var environment: String
    }

    private struct Built {
        var routes: [SavedMockRoute]
        var baseFolder: String
        var dispatcher: MockDispatcher
    }

    package let live: any DataDispatcher
    private let scheduler: any Scheduler
    private let delays: (any DelayScheduler)?
    private let pipeline: DispatchPipeline
    private let recordsMockRequests: Bool
    private let mocks = Mutex([Key: Built]())

    /// - Parameters:
    ///   - live: sends live requests (the application's `CurlDispatcher`).
    ///   - scheduler: where mock futures deliver (the main queue in the app, `ManualScheduler` in tests).
    ///   - delays: runs mock delays (`ManualClock` in tests); defaults to `scheduler`.
    ///   - pipeline: adapters and monitors for mock exchanges (for example a history monitor).
    ///   - recordsMockRequests: whether mock dispatchers keep the requests they answered (tests).
    package init(
        live: any DataDispatcher, scheduler: any Scheduler, delays: (any DelayScheduler)? = nil,
        pipeline: DispatchPipeline = DispatchPipeline(), recordsMockRequests: Bool = false
    ) {
        self.recordsMockRequests = recordsMockRequests
        self.live = live
        self.scheduler = scheduler
        self.delays = delays
        self.pipeline = pipeline
    }

    /// The dispatcher for `environment` of `collection` (whose file is in `baseFolder`).
    package func dispatcher(
        for environment: Environment, collectionID: String, baseFolder: String
    ) throws(MockRouteError) -> any DataDispatcher {
        guard environment.kind == .mock else { return live }
        return try mockDispatcher(for: environment, collectionID: collectionID, baseFolder: baseFolder)
    }

    /// The mock dispatcher of a mock environment (for inspecting `recordedRequests`, or serving it over HTTP).
    package func mockDispatcher(
        for environment: Environment, collectionID: String, baseFolder: String
    ) throws(MockRouteError) -> MockDispatcher {
        let key = Key(collectionID: collectionID, environment: environment.name)
        if let built = mocks.withLock(ownedBy: self, { $0[key] }), built.routes == environment.routes,
            built.baseFolder == baseFolder
        {
            return built.dispatcher
        }
        let dispatcher = MockDispatcher(
            scheduler: scheduler, delays: delays, pipeline: pipeline,
            routes: try MockRouteBuilder.routes(for: environment, baseFolder: baseFolder), records: recordsMockRequests)
        mocks.withLock(ownedBy: self) {
            $0[key] = Built(routes: environment.routes, baseFolder: baseFolder, dispatcher: dispatcher)
        }
        return dispatcher
    }
}
