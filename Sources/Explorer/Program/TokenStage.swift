import AnnotatedLocks
import Foundation
import Futures
import Synchronization
import Workspace

/// The oauth2 token stage of one explorer send: the chain stage it starts and ends, the lines
/// the Timeline shows for it (what it did, and its requests), and the tokens it handed out (to
/// mask them in the history entry and the error card, wherever a server echoed them).
final class TokenStage: Sendable {
    private struct State {
        var stages: ChainStages?
        var index: Int?
        var finished = false
        var lines: [String] = []
        var steps: [OAuthStepRecord] = []
        var secrets: [String] = []
        /// The dispatch stage: it starts when the request goes, with its token.
        var dispatch: Int?
    }

    private let state = Mutex(State())

    /// Declares the stage in `stages` after the dispatch stage `dispatch` (index 0), which this
    /// stage starts when the token came: the two bars follow each other instead of overlapping, and
    /// the status line says "getting a token" until then.
    func declare(in stages: ChainStages, dispatch: Int) {
        let index = stages.declare(SendStep.token.rawValue)
        state.withLock(ownedBy: self) {
            $0.stages = stages
            $0.index = index
            $0.dispatch = dispatch
        }
    }

    func start() {
        let (stages, index) = state.withLock(ownedBy: self) { ($0.stages, $0.index) }
        if let stages, let index { stages.start(index) }
    }

    /// `onToken` of the send: the token came (the first time, the stage ends).
    @Sendable func received(_ outcome: OAuthTokenOutcome) {
        // Its requests are rows of their own under the stage (`steps`), not lines here.
        let lines = [outcome.summary(now: Date())]
        let token = outcome.token
        let (stages, index, dispatch) = state.withLock(ownedBy: self) { state -> (ChainStages?, Int?, Int?) in
            let fetch = state.lines.count
            state.lines += lines
            state.steps += outcome.steps.map { step in
                var step = step
                step.fetch = fetch
                return step
            }
            state.secrets += [token.accessToken] + (token.refreshToken.map { [$0] } ?? [])
            defer { state.finished = true }
            return state.finished ? (nil, nil, nil) : (state.stages, state.index, state.dispatch)
        }
        if let stages, let index { stages.finish(index, .succeeded) }
        if let stages, let dispatch { stages.start(dispatch) }
    }

    /// The chain failed or was cancelled before the token came: the stage ends with it (a failed
    /// fetch's requests still shown under it).
    func ended(_ outcome: ChainStage.Outcome) {
        if case .failed(let error) = outcome, let failure = error as? OAuthError {
            state.withLock(ownedBy: self) { if !$0.finished { $0.steps += failure.steps } }
        }
        let (stages, index) = state.withLock(ownedBy: self) { state -> (ChainStages?, Int?) in
            defer { state.finished = true }
            return state.finished ? (nil, nil) : (state.stages, state.index)
        }
        if let stages, let index { stages.finish(index, outcome) }
    }

    var lines: [String] { state.withLock(ownedBy: self) { $0.lines } }
    var steps: [OAuthStepRecord] { state.withLock(ownedBy: self) { $0.steps } }
    var secrets: [String] { state.withLock(ownedBy: self) { $0.secrets } }
}

/// The explorer as the person of a device code or authorization code grant: the code, or the
/// address to open, comes back as an action.
struct ExplorerOAuthPerson: OAuthPerson {
    let show: @Sendable (OAuthDeviceAuthorization) -> Void
    let authorize: @Sendable (OAuthBrowserPrompt) -> Void

    func showDeviceCode(_ authorization: OAuthDeviceAuthorization) {
        show(authorization)
    }

    func showAuthorization(_ prompt: OAuthBrowserPrompt) {
        authorize(prompt)
    }
}
