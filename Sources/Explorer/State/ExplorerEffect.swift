package import HTTPCore
package import JSONTree
package import Workspace

/// Work the reducer asks for, as data. `ExplorerProgram` runs each one and feeds its result back
/// as an action; the reducer itself never touches a file, the network or the terminal.
package enum ExplorerEffect: Sendable, Equatable {
    /// Read collection files: each path is a collection file or a folder of them.
    case loadCollections([String])
    /// Read one collection file again (its result arrives as `fileChanged`).
    case reload(path: String)
    case send(SendJob)
    /// Stop the send of `generation` (curl closes the connection).
    case cancel(RequestKey, generation: Int)
    /// End the streamed response of `generation` cleanly: the response with what came follows.
    case stopStream(RequestKey, generation: Int)
    /// Parse the start of the body of the send of `generation` as it has arrived so far, at most
    /// `upTo` bytes of it (`ExplorerAction.bodyPreviewParsed`).
    case parseBodyPreview(RequestKey, generation: Int, upTo: Int)
    /// Read the events of these stream indexes back from the stream's spill file (`ExplorerAction.streamPage`).
    case readStreamPage(RequestKey, generation: Int, [Int])
    /// Look through the events of `range` in the stream's spill file for those the `|` filter
    /// `path` keeps (`ExplorerAction.streamSpillFiltered`).
    case filterStreamSpill(RequestKey, generation: Int, path: String, Range<Int>)
    /// Look for `pattern` in the events of `range` in the stream's spill file, those older than
    /// the ones in memory (`ExplorerAction.streamSpillSearched`).
    case searchStreamSpill(RequestKey, generation: Int, pattern: String, Range<Int>)
    /// Send a message on the open WebSocket connection of `generation` (the composer); a saved
    /// message's `file` is read relative to `collectionFile`.
    case sendWebSocket(RequestKey, generation: Int, WebSocketSavedMessage, collectionFile: String)
    /// Close the open WebSocket connection of `generation` with `code` and `reason` (the
    /// composer's `/close`).
    case closeWebSocket(RequestKey, generation: Int, code: UInt16, reason: String)
    /// Write a collection file (atomic, conflict-checked).
    case save(CollectionDocument, overwrite: Bool)
    /// Saves again the collection whose save found its file read-only, replacing the file (the
    /// user said so); the program kept the document that save was for.
    case replaceReadOnly(collectionID: String)
    /// Forget the captured values kept for a collection's environment.
    case clearCaptures(collectionID: String, environment: String?)
    /// Create a new collection file.
    case create(RequestCollection, path: String)
    case copy(String)
    /// Write bytes to a new file (the response body, an export); refuses to overwrite.
    /// `notCarried` lists what an export's format had no place for, shown once it is written.
    /// `alongside`: more files written with it, each refused if it exists (nothing is written then):
    /// a Postman export's environment files.
    case writeFile(path: String, bytes: [UInt8], notCarried: [String] = [], alongside: [FileToWrite] = [])
    /// Import the file at `path` (any format `lazer import` reads) as a new collection file in
    /// `folder`; the result comes back as `saved` and a notice.
    case importFile(path: String, folder: String)
    /// Import a pasted curl command with the files it names for content read (its result comes
    /// back as `curlPasted`).
    case readPastedCurl(PastedCurl)
    /// Hand the body or a script to `$EDITOR` in a temporary file named for what it holds.
    case editExternally(RequestKey, text: String, ExternalEditTarget)
    case rememberUIState(collectionID: String, UIState)
    /// Autosave every draft to the per-user state folder (debounced by the program).
    case storeDrafts([RequestKey: SavedRequest])
    /// An environment renamed: its kept captured values are copied to the new name (they were
    /// left under the old one, and the renamed environment had none).
    case copyCaptures(collectionID: String, from: String, to: String)
    case loadHistory(RequestKey)
    /// The history browser's list, one entry, counting or clearing (off the main loop).
    case history(HistoryJob)
    /// Run a JSONPath over the document of `generation` off the main thread (`refresh`: again,
    /// over more of a body still arriving).
    case filter(generation: Int, query: String, document: JSONDocument, refresh: Bool = false)
    /// Search keys and values of the document of `generation` off the main thread (`refresh`:
    /// again, over more of a body still arriving).
    case search(generation: Int, pattern: String, document: JSONDocument, refresh: Bool = false)
    case setMouse(Bool)
    /// Replay a folder or collection (the Runner view); results come back as `runner` actions.
    case run(RunJob)
    /// Stop the run: the request in flight is cancelled, the rest reported skipped.
    case cancelRun(run: Int)
    /// A load test (the Load view): snapshots come back each second, then its end, as `load` actions.
    case startLoad(LoadJob)
    /// Stops starting requests; those in flight finish, and the result so far comes back.
    /// Starts no more requests; with `cancelInFlight`, cancels those in flight too.
    case stopLoad(run: Int, cancelInFlight: Bool)
    /// Compares two bodies off the main queue (`DiffComputation`); `diffFinished` brings the view.
    case diff(DiffJob)
    /// Sends a request in another environment (as the Runner does) and compares its answer with
    /// the body shown; `diffFinished` brings the view.
    case compareInEnvironment(DiffEnvironmentJob)
    /// Read a cookie jar's file (the Cookies dialog); it comes back as `cookiesLoaded`.
    case loadCookies(CookieJarKey)
    /// Change a cookie jar's file (edit, delete, clear), merged with what it holds now; the jar
    /// as written comes back as `cookiesLoaded`.
    case changeCookies(CookieJarKey, [CookieJar.Change])
    /// Write a snapshot file or re-check a history entry; it comes back as `snapshot`.
    case snapshot(SnapshotJob)
    /// The trust question's answer for a waiting send: trust the collection's auth commands and
    /// send, or end the send unsent.
    case answerTrust(TrustQuestion, trusted: Bool)
    /// Leave: restore the terminal and exit.
    case quit
    /// Forget (or mark expired, so the next send refreshes it) the oauth2 token of a request.
    case oauthToken(OAuthTokenJob)
    /// Check a GraphQL body off the program loop, after the job's delay (only the job asked for
    /// last runs); the result comes back as `graphqlChecked`.
    case checkGraphQL(GraphQLCheckJob)
    /// Checks a script's syntax off the program loop; the answer comes back as `scriptSyntaxChecked`.
    case checkScriptSyntax(ScriptSyntaxJob)
    /// Fetch (or read from the cache) a collection's schema by introspection; it comes back as
    /// `graphqlIntrospected`.
    case introspectGraphQL(IntrospectionJob)
}

/// The oauth2 token of `request` as sent from `document` in `environmentName`, and what to do with it.
package struct OAuthTokenJob: Sendable, Equatable {
    package enum Change: Sendable, Equatable {
        /// Drop it: the next send gets a new one through the grant.
        case forget
        /// Mark it expired: the next send refreshes it with its refresh token.
        case expire
        /// Read what the cache holds (the Auth tab's state of a request not sent yet): no request.
        case read
    }

    package var key: RequestKey
    package var request: SavedRequest
    package var document: CollectionDocument
    package var environmentName: String?
    package var change: Change

    package init(
        key: RequestKey, request: SavedRequest, document: CollectionDocument, environmentName: String?,
        change: Change
    ) {
        self.key = key
        self.request = request
        self.document = document
        self.environmentName = environmentName
        self.change = change
    }
}

/// A file written beside another (a Postman export's environment file).
package struct FileToWrite: Sendable, Equatable {
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// What a send needs: the draft as on screen, its collection as loaded, the environment chosen.
package struct SendJob: Sendable, Equatable {
    package var key: RequestKey
    package var generation: Int
    package var request: SavedRequest
    package var document: CollectionDocument
    package var environmentName: String?
    package var captures: [String: VariableScope.Value]
    /// The answers to its `{{$prompt}}`s, by label (never written to a file).
    package var answers: [String: String]
    /// What its pre-request scripts did, once they ran (nil: not run yet, or it has none).
    package var scripted: ScriptedSend?

    package init(
        key: RequestKey, generation: Int, request: SavedRequest, document: CollectionDocument,
        environmentName: String?, captures: [String: VariableScope.Value], answers: [String: String] = [:]
    ) {
        self.answers = answers
        self.key = key
        self.generation = generation
        self.request = request
        self.document = document
        self.environmentName = environmentName
        self.captures = captures
    }
}

/// What `$EDITOR` edits: the body (in a file with its type's extension) or a script of the
/// Scripts tab (a `.js` file); its text comes back to the same place.
package enum ExternalEditTarget: Sendable, Equatable {
    case body(fileExtension: String)
    case script(ScriptJob.Stage)

    package var fileExtension: String {
        switch self {
        case .body(let fileExtension): fileExtension
        case .script: "js"
        }
    }

    var noun: String {
        switch self {
        case .body: "body"
        case .script: "script"
        }
    }
}
