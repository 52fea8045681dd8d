/// The scripts that run around a request, in Postman's order.
extension RequestCollection {
    /// The collection's, then each folder's on the way down, then the request's own script of
    /// `stage` (blank ones left out), each named for where it comes from.
    package func scripts(for request: SavedRequest, stage: ScriptJob.Stage) -> [ScriptSource] {
        scripts(for: request, folderPath: folderPath(ofRequest: request.id) ?? [], stage: stage)
    }

    /// The same, for a request whose folder path is known (a run's plan has it: no walk).
    package func scripts(for request: SavedRequest, folderPath: [String], stage: ScriptJob.Stage) -> [ScriptSource] {
        var sources: [ScriptSource] = []
        if let text = scripts?.text(for: stage) { sources.append(ScriptSource(text, origin: "collection \(name)")) }
        var folders = self.folders
        for name in folderPath {
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

    /// How many scripts run around `request`, both stages (its folder path found once).
    package func scriptCount(for request: SavedRequest, folderPath: [String]? = nil) -> Int {
        let path = folderPath ?? self.folderPath(ofRequest: request.id) ?? []
        return scripts(for: request, folderPath: path, stage: .preRequest).count
            + scripts(for: request, folderPath: path, stage: .test).count
    }
}

extension RequestCollection {
    /// One saved script: where it is (`request Login`), its stage and its text.
    package struct SavedScript: Sendable, Equatable {
        package var origin: String
        package var stage: ScriptJob.Stage
        package var text: String
    }

    /// Every non-blank script of the collection, its folders and requests (for `lazer validate`).
    package var allScripts: [SavedScript] {
        var found: [SavedScript] = []
        // The origin is written only for scripts there are: a million requests without any cost
        // no text each.
        func add(_ scripts: SavedScripts?, _ origin: @autoclosure () -> String) {
            guard let scripts else { return }
            for stage in [ScriptJob.Stage.preRequest, .test] {
                if let text = scripts.text(for: stage) {
                    found.append(SavedScript(origin: origin(), stage: stage, text: text))
                }
            }
        }
        func walk(_ folders: [Folder], _ requests: [SavedRequest]) {
            for folder in folders {
                add(folder.scripts, "folder \(folder.name)")
                walk(folder.folders, folder.requests)
            }
            for index in requests.indices where requests[index].hasRareFields {
                add(requests[index].scripts, "request \(requests[index].name)")
            }
        }
        add(scripts, "collection \(name)")
        walk(folders, requests)
        return found
    }
}
