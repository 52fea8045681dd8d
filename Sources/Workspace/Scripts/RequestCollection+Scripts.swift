/// The scripts that run around a request, in Postman's order.
extension RequestCollection {
    /// The collection's, then each folder's on the way down, then the request's own script of
    /// `stage` (blank ones left out), each named for where it comes from.
    package func scripts(for request: SavedRequest, stage: ScriptJob.Stage) -> [ScriptSource] {
        var sources: [ScriptSource] = []
        if let text = scripts?.text(for: stage) { sources.append(ScriptSource(text, origin: "collection \(name)")) }
        var folders = self.folders
        for name in folderPath(ofRequest: request.id) ?? [] {
            guard let folder = folders.first(where: { $0.name == name }) else { break }
            if let text = folder.scripts?.text(for: stage) {
                sources.append(ScriptSource(text, origin: "folder \(folder.name)"))
            }
            folders = folder.folders
        }
        if let text = request.scripts?.text(for: stage) {
            sources.append(ScriptSource(text, origin: "request \(request.name)"))
        }
        return sources
    }

    /// Whether any script of the collection would run (a prompt to trust it is needed first).
    package var hasScripts: Bool {
        func folderHas(_ folder: Folder) -> Bool {
            !(folder.scripts?.isEmpty ?? true) || folder.folders.contains(where: folderHas)
                || folder.requests.contains { !($0.scripts?.isEmpty ?? true) }
        }
        return !(scripts?.isEmpty ?? true) || folders.contains(where: folderHas)
            || requests.contains { !($0.scripts?.isEmpty ?? true) }
    }
}
