import AnnotatedLocks
import Synchronization
import Workspace

/// The tokens a send's token stages handed out, to mask them in the run's reports and history.
final class OAuthTokensUsed: Sendable {
    private let values = Mutex<[String]>([])

    /// `onToken` of `SendPreparation.future(for:onToken:)`.
    @Sendable func add(_ outcome: OAuthTokenOutcome) {
        let token = outcome.token
        values.withLock(ownedBy: self) { $0 += [token.accessToken] + (token.refreshToken.map { [$0] } ?? []) }
    }

    var secrets: [String] { values.withLock(ownedBy: self) { $0 } }
}
