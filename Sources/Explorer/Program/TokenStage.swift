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
        var secrets: [String] = []
    }

    private let state = Mutex(State())

    /// Declares the stage in `stages` (after the dispatch stage: the status line then says
    /// "getting a token" while it runs).
    func declare(in stages: ChainStages) {
        let index = stages.declare(SendStep.token.rawValue)
        state.withLock(ownedBy: self) {
            $0.stages = stages
            $0.index = index
        }
    }

    func start() {
        let (stages, index) = state.withLock(ownedBy: self) { ($0.stages, $0.index) }
        if let stages, let index { stages.start(index) }
    }

    /// `onToken` of the send: the token came (the first time, the stage ends).
    @Sendable func received(_ outcome: OAuthTokenOutcome) {
        let lines = [outcome.summary(now: Date())] + outcome.steps.map(\.summary)
        let token = outcome.token
        let (stages, index) = state.withLock(ownedBy: self) { state -> (ChainStages?, Int?) in
            state.lines += lines
            state.secrets += [token.accessToken] + (token.refreshToken.map { [$0] } ?? [])
            defer { state.finished = true }
            return state.finished ? (nil, nil) : (state.stages, state.index)
        }
        if let stages, let index { stages.finish(index, .succeeded) }
    }

    /// The chain failed or was cancelled before the token came: the stage ends with it.
    func ended(_ outcome: ChainStage.Outcome) {
        let (stages, index) = state.withLock(ownedBy: self) { state -> (ChainStages?, Int?) in
            defer { state.finished = true }
            return state.finished ? (nil, nil) : (state.stages, state.index)
        }
        if let stages, let index { stages.finish(index, outcome) }
    }

    var lines: [String] { state.withLock(ownedBy: self) { $0.lines } }
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
