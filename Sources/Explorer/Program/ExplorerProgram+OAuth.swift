import Futures
import Workspace

/// The token commands' effect: the request is prepared as a send would be (its oauth2 settings
/// resolved in the environment), then its cached token is forgotten, marked expired, or read for
/// the Auth tab.
extension ExplorerProgram {
    func changeToken(_ job: OAuthTokenJob) {
        let workspace = dependencies.workspace
        if job.change == .read {
            readToken(job)
            return
        }
        let preparation = workspace.prepare(job.request, in: job.document, environmentName: job.environmentName)
        guard let settings = preparation.oauth else {
            dispatch(.notice("No token to change: \(preparation.problems.first ?? "no oauth2 auth")", isError: true))
            return
        }
        switch job.change {
        case .forget:
            workspace.tokens.forget(settings.cacheKey)
            dispatch(.oauthToken(job.key, nil))
        case .expire:
            workspace.tokens.expire(settings.cacheKey)
        case .read: break
        }
    }

    /// The Auth tab's token of a request just selected, on the work queue: the request resolved
    /// without a cookie jar or the shared base URL (nothing is sent), then the cache read (its
    /// first use loads the file). A request that cannot be resolved yet has no token to show.
    private func readToken(_ job: OAuthTokenJob) {
        let workspace = dependencies.workspace
        dependencies.work.schedule { [weak self] in
            let preparation = workspace.preparer(for: job.document, environmentName: job.environmentName)
                .prepare(job.request)
            guard let settings = preparation.oauth else { return }
            let token = workspace.tokens.cached(settings.cacheKey)
            self?.deliver(.oauthToken(job.key, token.map(OAuthTokenState.init)))
        }
    }
}
