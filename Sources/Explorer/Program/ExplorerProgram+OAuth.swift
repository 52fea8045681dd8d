import Futures
import Workspace

/// The token commands' effect: the request is prepared as a send would be (its oauth2 settings
/// resolved in the environment), then its cached token is forgotten, marked expired, or read for
/// the Auth tab.
extension ExplorerProgram {
    func changeToken(_ job: OAuthTokenJob) {
        let workspace = dependencies.workspace
        let preparation = workspace.prepare(job.request, in: job.document, environmentName: job.environmentName)
        guard let settings = preparation.oauth else {
            // Reading for the Auth tab: a request that cannot be prepared yet has no token to show.
            if job.change == .read { return }
            dispatch(.notice("No token to change: \(preparation.problems.first ?? "no oauth2 auth")", isError: true))
            return
        }
        switch job.change {
        case .forget:
            workspace.tokens.forget(settings.cacheKey)
            dispatch(.oauthToken(job.key, nil))
        case .expire:
            workspace.tokens.expire(settings.cacheKey)
        case .read:
            // The cache file is read on the work queue (its first use loads it).
            let key = job.key
            dependencies.work.schedule { [weak self] in
                let token = workspace.tokens.cached(settings.cacheKey)
                self?.deliver(.oauthToken(key, token.map(OAuthTokenState.init)))
            }
        }
    }
}
