import Workspace

/// The token commands' effect: the request is prepared as a send would be (its oauth2 settings
/// resolved in the environment), then its cached token is forgotten or marked expired.
extension ExplorerProgram {
    func changeToken(_ job: OAuthTokenJob) {
        let workspace = dependencies.workspace
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
        }
    }
}
