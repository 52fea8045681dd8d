package import Futures
package import HTTPCore
import TUI
package import Workspace

/// The exchanges slice: reduces only `ExchangesState` (each request's send in flight, its trace,
/// its last result, the next generation). Sending, cancelling, results and the transport's
/// reports arriving, and copying as curl. What it needs of the rest — the selected request as it
/// will be sent (`Target`: the draft, its document, environment, captures, the preview's URL and
/// problems) and the time — comes in the `Context`; what reaches other panes goes back as
/// `Outcome` requests (the send's problems shown in a dialog, the response pane reset or showing
/// the new result).
package enum ExchangesReducer: SliceReducer {
    package typealias State = ExchangesState

    package enum Action: Equatable, Sendable {
        /// Sends the selected request (the Context's target); one in flight for it is cancelled.
        case send
        /// Sends the request after its prompts were answered (when it is still the target).
        case sendAnswered(RequestKey, [String: String])
        /// Cancels the send of `generation` (when it is still the one in flight).
        case cancel(RequestKey, generation: Int)
        /// `request.cancel`: cancels the selected request's send in flight, or says there is none.
        case cancelSelected
        case finished(RequestKey, ExchangeResult)
        /// A transport event of a send (dropped unless it belongs to the send in flight or the
        /// result shown).
        case event(RequestKey, generation: Int, ExchangeEvent)
        case chainStage(RequestKey, generation: Int, ChainStage)
        /// The oauth2 device code grant's code for a send in flight.
        case deviceCode(RequestKey, generation: Int, OAuthDeviceAuthorization)
        /// The oauth2 token the request's send used (nil: forgotten).
        case tokenState(RequestKey, OAuthTokenState?)
        /// Copies the selected request as a curl command (the Context's `curl`).
        case copyAsCurl(reveal: Bool)
        /// The oauth2 authorization code grant's address for a send in flight (the browser step).
        case browserAuthorization(RequestKey, generation: Int, OAuthBrowserPrompt)
        /// The send's auth command or pre-request scripts started, or (nil) ended.
        case preparing(RequestKey, generation: Int, SendStep?)
        /// A run took the next generation as its id (run ids and send generations are one count).
        case generationTaken
        /// The live response of the request was written as its snapshot: its check passes.
        case snapshotAccepted(RequestKey)
        /// A streamed response's events arrived (dropped unless its send is the one in flight).
        case streamEvents(RequestKey, generation: Int, [StreamEvent])
        /// The server closed the stream: it waits to be connected again, or is.
        case streamReconnection(RequestKey, generation: Int, ResponseStream.Reconnection)
        /// The stream of `key` joins the text at `join` and keeps the events `filter` selects (nil: none, all).
        case streamView(RequestKey, join: String?, filter: String?)
        /// Older events read back from the spill file, or (no events) the range just asked for.
        case streamPage(RequestKey, generation: Int, [Int], [StreamEvent])
        case streamPageAsked(RequestKey, [Int])
        /// The spill file's matches for the `|` filter `path` among the older events `range`.
        case streamFilterOlder(RequestKey, generation: Int, path: String, Range<Int>, [Int])
        /// A request of the token fetch of a send in flight ended: one more row under its token stage.
        case tokenStep(RequestKey, generation: Int, OAuthStepRecord)
        /// The start of the body of a send in flight, parsed (nil: its body is not kept: not JSON).
        case bodyPreview(RequestKey, generation: Int, BodyPreviewParse?)
    }

    /// The selected request as it would be sent now.
    package struct Target: Equatable, Sendable {
        package var key: RequestKey
        /// The request as on screen (the draft when there is one).
        package var request: SavedRequest
        package var document: CollectionDocument
        package var environment: Environment?
        package var captures: [String: VariableScope.Value]
        /// The preview's URL (secrets masked): a cancelled result names it.
        package var url: String
        /// What stops the send (unresolved variables…), one line each with where it occurs.
        package var problems: [String]
        /// What kind of problems those are, for the dialog's title (nil: unresolved variables).
        package var problemsHeading: String?
        /// The `{{$prompt}}` / `{{$select}}` a send asks first.
        package var prompts: [PromptRequest]

        package init(
            key: RequestKey, request: SavedRequest, document: CollectionDocument, environment: Environment? = nil,
            captures: [String: VariableScope.Value] = [:], url: String = "", problems: [String] = [],
            problemsHeading: String? = nil, prompts: [PromptRequest] = []
        ) {
            self.problemsHeading = problemsHeading
            self.prompts = prompts
            self.key = key
            self.request = request
            self.document = document
            self.environment = environment
            self.captures = captures
            self.url = url
            self.problems = problems
        }
    }

    /// A curl command and the notice that goes with it (see `CurlCommand.copy`).
    package struct CurlCopy: Equatable, Sendable {
        package var text: String
        package var notice: String

        package init(text: String, notice: String) {
            self.text = text
            self.notice = notice
        }
    }

    package struct Context: Equatable, Sendable {
        package var now: Duration
        package var selection: RequestKey?
        /// The selected request as it would be sent (nil: none selected, or its collection is gone).
        package var target: Target?
        /// The selected request as a curl command (looked up for `copyAsCurl` only).
        package var curl: CurlCopy?

        package init(now: Duration, selection: RequestKey? = nil, target: Target? = nil, curl: CurlCopy? = nil) {
            self.now = now
            self.selection = selection
            self.target = target
            self.curl = curl
        }
    }

    package enum Request: Equatable, Sendable {
        /// Show the send's problems (it was not sent).
        case openOverlay(Overlay)
        /// Ask these prompts; the answers come back as `sendAnswered`.
        case askPrompts(RequestKey, [PromptRequest])
        /// The selected request's send was cancelled: the response pane resets what it showed.
        case resultCancelled
        /// The selected request's send ended: the response pane shows the new result.
        case showLatest
        /// The selected request's response turned out to be a stream: the pane shows its events.
        case streamStarted
        /// The selected request's body, still arriving, has a new partial tree.
        case previewUpdated
    }

    package typealias Outcome = SliceRequests<Request>

    package static func reduce(_ state: inout ExchangesState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .send:
            return send(&state, context, answers: nil)
        case .sendAnswered(let key, let answers):
            guard context.target?.key == key else {
                return Outcome(notice: Notice("Not sent: another request is selected now", kind: .warning))
            }
            return send(&state, context, answers: answers)
        case .cancel(let key, let generation):
            return cancel(key, generation: generation, &state, context)
        case .cancelSelected:
            guard let key = context.selection, let generation = state.exchanges[key]?.inFlight else {
                return Outcome(notice: Notice("No request in flight", kind: .info))
            }
            return cancel(key, generation: generation, &state, context)
        case .finished(let key, let result):
            return finished(key, result, &state, context)
        case .streamEvents(let key, let generation, let events):
            return streamEvents(key, generation: generation, events, &state, context)
        case .streamReconnection(let key, let generation, let step):
            return streamReconnection(key, generation: generation, step, &state)
        case .streamView(let key, let join, let filter):
            guard state.exchanges[key]?.stream != nil else { return Outcome() }
            let before = state.exchanges[key]?.stream?.filter?.path
            state.exchanges[key]?.stream?.join(join)
            state.exchanges[key]?.stream?.filter(filter)
            // A new filter on a spilled stream: the older events are looked through in the spill file.
            guard let stream = state.exchanges[key]?.stream, let kept = stream.filter, kept.path != before,
                let range = kept.olderPending
            else { return Outcome() }
            return Outcome(effects: [
                .filterStreamSpill(key, generation: stream.generation, path: kept.path, range)
            ])
        case .streamPage(let key, let generation, let asked, let events):
            guard state.exchanges[key]?.stream?.generation == generation else { return Outcome() }
            state.exchanges[key]?.stream?.page(asked, events)
        case .streamPageAsked(let key, let asked):
            state.exchanges[key]?.stream?.pageAsked = asked
        case .streamFilterOlder(let key, let generation, let path, let range, let indexes):
            guard state.exchanges[key]?.stream?.generation == generation else { return Outcome() }
            state.exchanges[key]?.stream?.filterOlder(path, range, indexes)
        case .event(let key, let generation, let event):
            let elapsed = state.exchanges[key].map { context.now - $0.startedAt }
            state.exchanges[key]?.updateTrace(generation: generation) { $0.record(event, elapsed: elapsed) }
            if case .bodyProgress(let progress) = event.kind {
                return askPreview(key, generation: generation, progress: progress, &state, context)
            }
        case .bodyPreview(let key, let generation, let parse):
            return bodyPreview(key, generation: generation, parse, &state, context)
        case .chainStage(let key, let generation, let stage):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.update(stage) }
        case .deviceCode(let key, let generation, let authorization):
            state.exchanges[key]?.updateTrace(generation: generation) {
                $0.deviceCode = authorization
                $0.deviceCodeAt = context.now
            }
        case .tokenStep(let key, let generation, let step):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.tokenSteps.append(step) }
        case .preparing(let key, let generation, let step):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.preparing = step }
        case .browserAuthorization(let key, let generation, let prompt):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.authorization = prompt }
        case .tokenState(let key, let token):
            // A request not sent yet learns its cached token too (read when it was selected).
            if state.exchanges[key] == nil, token != nil { state.exchanges[key] = ExchangeState() }
            state.exchanges[key]?.token = token
        case .generationTaken:
            state.nextGeneration += 1
        case .snapshotAccepted(let key):
            if case .response(var response)? = state.exchanges[key]?.result?.outcome {
                response.snapshotAccepted()
                state.exchanges[key]?.result?.outcome = .response(response)
            }
        case .copyAsCurl:
            guard let curl = context.curl else { return Outcome(notice: Notice("Pick a request first", kind: .info)) }
            return Outcome(effects: [.copy(curl.text)], notice: Notice(curl.notice, kind: .info))
        }
        return Outcome()
    }
}
