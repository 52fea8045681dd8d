package import Workspace

/// Adds an imported collection to another (`lazer import --merge`, several sources at once):
/// nothing in the target is changed or removed. Requests whose id the target already uses get a
/// new stable id; environments and variables the target already has (by name) are kept as they
/// are in the target.
package enum ImportMerge {
    /// `imported` added to `target`: as one folder named after it when `asFolder`, else its
    /// folders and requests appended at the top level.
    package static func merge(
        _ imported: RequestCollection, into target: RequestCollection, asFolder: Bool
    ) -> RequestCollection {
        var result = target
        var usedIDs = Set<String>(minimumCapacity: target.requestCount)
        target.forEachRequest { _, request in usedIDs.insert(request.id) }
        func reidentify(_ request: SavedRequest) -> SavedRequest {
            var request = request
            while usedIDs.contains(request.id) { request.id = StableID.make("merged", request.id) }
            usedIDs.insert(request.id)
            return request
        }
        func reidentify(_ folder: Folder) -> Folder {
            var folder = folder
            folder.requests = folder.requests.map(reidentify)
            folder.folders = folder.folders.map(reidentify)
            return folder
        }
        let folders = imported.folders.map(reidentify)
        let requests = imported.requests.map(reidentify)
        if asFolder {
            result.folders.append(
                Folder(
                    name: uniqueFolderName(imported.name, among: result.folders), description: imported.description,
                    folders: folders, requests: requests))
        } else {
            result.folders += folders
            result.requests += requests
        }
        let variableNames = Set(result.variables.map(\.name))
        result.variables += imported.variables.filter { !variableNames.contains($0.name) }
        let environmentNames = Set(result.environments.map(\.name))
        result.environments += imported.environments.filter { !environmentNames.contains($0.name) }
        if result.defaultEnvironment == nil, let first = imported.defaultEnvironment,
            result.environments.contains(where: { $0.name == first })
        {
            result.defaultEnvironment = first
        }
        return result
    }

    /// `name`, or `name 2`, `name 3`… when a folder already has it.
    static func uniqueFolderName(_ name: String, among folders: [Folder]) -> String {
        let taken = Set(folders.map(\.name))
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name) \(number)") { number += 1 }
        return "\(name) \(number)"
    }
}
