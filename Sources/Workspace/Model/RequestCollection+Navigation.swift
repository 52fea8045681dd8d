/// Finding and editing requests and environments by id or name, wherever they sit in folders.
extension RequestCollection {
    /// A request with the folder names leading to it.
    public struct RequestLocation: Sendable, Equatable {
        public var folderPath: [String]
        public var request: SavedRequest
    }

    /// Every request in display order: each folder's subfolders, then its requests; top-level requests last.
    public var allRequests: [RequestLocation] {
        var result: [RequestLocation] = []
        func walk(_ folders: [Folder], _ requests: [SavedRequest], _ trail: [String]) {
            for folder in folders { walk(folder.folders, folder.requests, trail + [folder.name]) }
            result += requests.map { RequestLocation(folderPath: trail, request: $0) }
        }
        walk(folders, requests, [])
        return result
    }

    public func request(id: String) -> SavedRequest? {
        allRequests.first { $0.request.id == id }?.request
    }

    public func environment(named name: String) -> Environment? {
        environments.first { $0.name == name }
    }

    /// Applies `edit` to the request with `id`; returns false when there is none.
    @discardableResult
    public mutating func updateRequest(id: String, _ edit: (inout SavedRequest) -> Void) -> Bool {
        func update(_ folders: inout [Folder], _ requests: inout [SavedRequest]) -> Bool {
            if let index = requests.firstIndex(where: { $0.id == id }) {
                edit(&requests[index])
                return true
            }
            for index in folders.indices {
                var folder = folders[index]
                if update(&folder.folders, &folder.requests) {
                    folders[index] = folder
                    return true
                }
            }
            return false
        }
        return update(&folders, &requests)
    }

    /// Applies `edit` to the environment called `name`; returns false when there is none.
    @discardableResult
    public mutating func updateEnvironment(named name: String, _ edit: (inout Environment) -> Void) -> Bool {
        guard let index = environments.firstIndex(where: { $0.name == name }) else { return false }
        edit(&environments[index])
        return true
    }
}
