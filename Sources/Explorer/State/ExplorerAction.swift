package import Futures
package import HTTPCore
package import Interop
package import JSONTree
package import Replay
package import TUI
package import Workspace

/// Everything that can change the explorer's state: the user's input, and the results of effects
/// coming back. The program feeds these to `ExplorerReducer.reduce`, one at a time, on the main
/// queue.
package enum ExplorerAction: Sendable, Equatable {
    /// Keys, paste, mouse, resize from the terminal.
    case event(Event)
    /// A command of the table, run as its key or palette entry would run it.
    case command(ExplorerCommand)
    /// One collection file, read in the background (they arrive one by one).
    case collectionLoaded(CollectionSlot)
    /// Every file has been read; `problem` is set when the folder itself could not be read.
    case loadingFinished(problem: String?)
    /// Drafts autosaved by an earlier session that did not end cleanly.
    /// `environments`: the collections (by id) whose environments and variables had unsaved changes.
    case draftsFound([RequestKey: SavedRequest], environments: [String: RequestCollection] = [:])
    /// The transport reported a step of a send (resolved, connected, head, body progress, …): the
    /// one channel a send's progress comes through.
    case exchangeEvent(RequestKey, generation: Int, ExchangeEvent)
    /// A stage of a send's futures chain (dispatch, parse, checks, …) was declared, started or ended.
    case chainStage(RequestKey, generation: Int, ChainStage)
    case exchangeFinished(RequestKey, ExchangeResult)
    /// A streamed response's events, as they arrived (one batch per chunk the transport received).
    case streamEvents(RequestKey, generation: Int, [StreamEvent])
    /// The server closed an SSE stream: it waits to be connected again, or is (`stream.reconnect`).
    case streamReconnection(RequestKey, generation: Int, ResponseStream.Reconnection)
    /// The start of a body still arriving, parsed (nil: the body is not kept, not being JSON).
    case bodyPreviewParsed(RequestKey, generation: Int, BodyPreviewParse?)
    /// Older events of a stream read back from its spill file (those asked, in order).
    case streamPage(RequestKey, generation: Int, [Int], [StreamEvent])
    /// The stream indexes of `range` in the spill file whose events the `|` filter `path` keeps.
    case streamSpillFiltered(RequestKey, generation: Int, path: String, Range<Int>, [Int])
    /// The stream indexes of `range` in the spill file whose events hold `pattern`.
    case streamSpillSearched(RequestKey, generation: Int, pattern: String, Range<Int>, [Int])
    /// Captured values of a response (for later requests of the collection).
    case captured(collectionID: String, [String: VariableScope.Value])
    /// Names a script unset (`pm.environment.unset`): their captured values are forgotten.
    case capturesUnset(collectionID: String, names: Set<String>)
    /// The values kept for a collection's environment (at start, after switching environments):
    /// they replace the ones in use, so one environment's values never go to another.
    case capturesLoaded(collectionID: String, [String: VariableScope.Value])
    /// A save ended: the saved document, or what went wrong.
    case saved(collectionID: String, Result<CollectionDocument, SaveFailure>)
    /// A collection file changed on disk (another program saved it).
    case fileChanged(CollectionSlot)
    case historyLoaded(RequestKey, [HistoryEntry])
    /// An exchange of the request was added to the history file.
    case historyChanged(RequestKey)
    /// History work for the browser and "Clear history…" came back.
    case history(HistoryEvent)
    /// The JSONPath filter's result (or its error) for the result of `generation`; `refresh`: run
    /// again over more of a body still arriving (the view stays where it is).
    case filterFinished(
        generation: Int, query: String, Result<JSONFilterResult, FilterFailure>, refresh: Bool = false)
    /// The tree search's matches (in document order) for the result of `generation`; `refresh`: run
    /// again over more of a body still arriving (the selection stays, nothing is announced).
    case searchFinished(generation: Int, pattern: String, matches: [JSONNode], error: String?, refresh: Bool = false)
    /// `$EDITOR` finished with the body's or script's new text (nil: unchanged or failed, `message` says why).
    case externalEditFinished(RequestKey, ExternalEditTarget, text: String?, message: String?)
    /// A message for the status bar (clipboard helper failures and the like).
    case notice(String, isError: Bool)
    /// A `writeFile` effect wrote its file (`size` bytes at `path`, the path as written).
    /// `alongside`: the files written with it (a Postman export's environments).
    case fileWritten(path: String, size: Int, notCarried: [String], alongside: [String] = [])
    /// A pasted curl command imported with its files read (`readPastedCurl`).
    case curlPasted(RequestKey, requests: [SavedRequest], report: ImportReport)
    /// A run of the Runner view moved on.
    case runner(RunnerEvent)
    /// A load test of the Load view moved on.
    case load(LoadEvent)
    /// A comparison computed for the Diff view (dropped unless its generation is the one asked).
    case diffFinished(generation: Int, Result<DiffViewState, DiffProblem>)
    /// A cookie jar's file as read or written (`error`: why it could not be, the list then empty).
    case cookiesLoaded(CookieJarKey, [Cookie], error: String?)
    /// A snapshot file written, or a history entry re-checked.
    case snapshot(SnapshotEvent)
    /// A send's oauth2 device code grant got its code: shown until the token comes.
    case oauthDeviceCode(RequestKey, generation: Int, OAuthDeviceAuthorization)
    /// The oauth2 token a send of the request used (nil: forgotten).
    case oauthToken(RequestKey, OAuthTokenState?)
    /// A send found its collection's auth commands untrusted: the question opens (the send waits).
    case askTrust(TrustQuestion)
    /// Time passes (only while something animates).
    case tick
    /// A send's oauth2 authorization code grant waits for the browser: the address is shown
    /// until the browser comes back.
    case oauthAuthorization(RequestKey, generation: Int, OAuthBrowserPrompt)
    /// A send's auth command started or ended (the status line says so while it runs).
    /// A send runs what comes before its request is prepared (its auth command, its pre-request
    /// scripts), or (nil) no longer does.
    case preparing(RequestKey, generation: Int, SendStep?)
    /// A request of a send's oauth2 token fetch ended (discovery, token request, a device poll):
    /// a row under the token stage at once, while the send still waits.
    case oauthStep(RequestKey, generation: Int, OAuthStepRecord)
    /// A GraphQL body's check came back from the work queue (dropped unless its generation is
    /// the one asked for last; issue 28).
    case graphqlChecked(generation: Int, GraphQLEditorCheck)
    /// A script's syntax check: its first error ("line 3:5: …"), nil when it parses.
    case scriptSyntaxChecked(ScriptSyntaxJob, problem: String?)
    /// A collection's schema came by introspection in `environment` (or why not; issue 28).
    case graphqlIntrospected(
        collectionID: String, environment: String?, Result<IntrospectionResult, IntrospectionFailure>)
}

/// Why a save did not happen, as the user reads it.
package struct SaveFailure: Error, Sendable, Equatable {
    package var message: String
    /// The file changed on disk since it was loaded: nothing was written.
    package var isConflict: Bool
    /// The file is read-only: nothing was written; the user is asked before it is replaced.
    package var readOnlyPath: String?

    package init(message: String, isConflict: Bool, readOnlyPath: String? = nil) {
        self.message = message
        self.isConflict = isConflict
        self.readOnlyPath = readOnlyPath
    }
}

/// A JSONPath filter's selection, as a document to show in the tree.
package struct JSONFilterResult: Sendable, Equatable {
    package var document: JSONDocument
    package var count: Int
    /// Each selected value's JSONPath in the response (`Y` copies these, not the path in the
    /// filtered array).
    package var paths: [String]

    package init(document: JSONDocument, count: Int, paths: [String] = []) {
        self.document = document
        self.count = count
        self.paths = paths
    }
}

/// A JSONPath filter that could not run (its error is shown in place).
package struct FilterFailure: Error, Sendable, Equatable {
    package var message: String

    package init(message: String) { self.message = message }
}
