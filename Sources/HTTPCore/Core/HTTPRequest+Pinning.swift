extension HTTPRequest {
    /// This request with a relative target made absolute with the base URL its provider gives
    /// now (query items stay separate). A shared provider that follows the selected environment
    /// may move before the transport reads the URL; the pinned request keeps its target. Unchanged
    /// when there is no base URL yet (the transport then reports that).
    public func pinningBaseURL() -> HTTPRequest {
        guard case .path = target else { return self }
        var withoutQuery = self
        withoutQuery.queryItems = []
        guard let url = try? withoutQuery.url() else { return self }
        var pinned = self
        pinned.target = .url(url)
        pinned.serverProvider = nil
        return pinned
    }
}
