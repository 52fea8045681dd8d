package import Foundation
package import Futures
package import HTTPCore
package import StateStore
package import Workspace

/// The outside world the program's effects use, injected by the `lazer` executable (live
/// dispatcher, real queues and clock) or by tests (mock dispatcher, manual schedulers).
package struct ExplorerDependencies: Sendable {
    package var workspace: WorkspaceServices
    /// The Load view's keep-alive engine for virtual users (`LoadRunner.keepAlive`); nil: every
    /// request through the workspace's dispatcher.
    package var keepAliveLoad: (any KeepAliveLoadDriving)? = nil
    /// Where effect results are handed back to the program (the main queue in the app).
    package var main: any Scheduler
    /// Where heavy work runs: loading files, parsing bodies, history writes.
    package var work: any Scheduler
    /// Where the tree's `/` searches and `|` filters run, one after another: beside the work
    /// queue, so a search asked again when a body has all come is not behind that exchange's
    /// history write (tests pass their work scheduler).
    package var queries: any Scheduler
    /// Where scripts run (issue 32): off the main queue and the work queue, since a script may
    /// run up to its time limit or wait on `pm.sendRequest` (tests pass their work scheduler).
    package var scripts: any Scheduler
    /// This explorer in the drafts store (`workspace.state`): the rows it owns.
    package var draftInstance: DraftInstance
    /// Temporary files for `$EDITOR`.
    package var temporaryFolder: String
    /// Watch collection folders for changes made by other programs.
    package var watchesFolders: Bool
    /// The monotonic time a send's chain stages are measured on (the transport measures its
    /// events on the same clock; tests pass their virtual time).
    package var stageClock: @Sendable () -> Duration
    /// The time of day the screen shows (the Auth tab's token countdown): a test's is fixed.
    package var wallClock: @Sendable () -> Date = { Date() }
    /// What is read back of a stream's body that no check or capture reads
    /// (`ResponseProcessing.streamBodyLimit`; tests pass a few bytes).
    package var streamBodyLimit = ResponseProcessing.streamBodyLimit
    /// From what size a collection file is first shown by its first folders and requests while
    /// the rest is read, and how many of each (`CollectionLoader.FirstLook`; tests pass a few bytes).
    package var firstLookBytes = CollectionLoader.FirstLook.standardMinimumBytes
    package var firstLookLimit = CollectionLoader.FirstLook.standardListLimit

    package init(
        workspace: WorkspaceServices, main: any Scheduler, work: any Scheduler,
        scripts: (any Scheduler)? = nil, queries: (any Scheduler)? = nil, draftInstance: DraftInstance = .current(),
        temporaryFolder: String, watchesFolders: Bool = true, stageClock: (@Sendable () -> Duration)? = nil
    ) {
        self.workspace = workspace
        self.main = main
        self.work = work
        self.scripts = scripts ?? work
        self.queries = queries ?? work
        self.draftInstance = draftInstance
        self.temporaryFolder = temporaryFolder
        self.watchesFolders = watchesFolders
        let start = ContinuousClock.now
        self.stageClock = stageClock ?? { ContinuousClock.now - start }
    }
}
