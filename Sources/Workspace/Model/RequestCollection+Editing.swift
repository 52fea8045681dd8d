/// Structural edits the explorer makes: adding, renaming, duplicating, deleting and moving
/// requests and folders. Folders are addressed by their names from the top (`["Posts", "Drafts"]`;
/// `[]` is the collection itself). Every edit returns false and changes nothing when its target
/// does not exist.
extension RequestCollection {
    /// The folder at `path` (`[]`: none, the collection's top level has no folder value).
    package func folder(at path: [String]) -> Folder? {
        guard let first = path.first, let top = folders.first(where: { $0.name == first }) else { return nil }
        var current = top
        for name in path.dropFirst() {
            guard let next = current.folders.first(where: { $0.name == name }) else { return nil }
            current = next
        }
        return current
    }

    /// Runs `edit` on the folders and requests of the folder at `path` (`[]`: the top level).
    @discardableResult
    package mutating func editContents(
        at path: [String], _ edit: (inout [Folder], inout [SavedRequest]) -> Bool
    ) -> Bool {
        func descend(_ folders: inout [Folder], _ requests: inout [SavedRequest], _ rest: ArraySlice<String>) -> Bool {
            guard let name = rest.first else { return edit(&folders, &requests) }
            guard let index = folders.firstIndex(where: { $0.name == name }) else { return false }
            var folder = folders[index]
            let done = descend(&folder.folders, &folder.requests, rest.dropFirst())
            if done { folders[index] = folder }
            return done
        }
        return descend(&folders, &requests, path[...])
    }

    /// Adds `request` at the end of the folder at `path`.
    @discardableResult
    package mutating func addRequest(_ request: SavedRequest, inFolder path: [String]) -> Bool {
        editContents(at: path) { _, requests in
            requests.append(request)
            return true
        }
    }

    /// Adds an empty folder called `name` inside the folder at `parent`; false when the name is taken.
    @discardableResult
    package mutating func addFolder(named name: String, inFolder parent: [String]) -> Bool {
        editContents(at: parent) { folders, _ in
            guard !folders.contains(where: { $0.name == name }) else { return false }
            folders.append(Folder(name: name))
            return true
        }
    }

    /// Renames the folder at `path`; false when a sibling already has `name`.
    @discardableResult
    package mutating func renameFolder(at path: [String], to name: String) -> Bool {
        guard let last = path.last else { return false }
        return editContents(at: Array(path.dropLast())) { folders, _ in
            guard let index = folders.firstIndex(where: { $0.name == last }),
                !folders.contains(where: { $0.name == name && $0.name != last })
            else { return false }
            folders[index].name = name
            return true
        }
    }

    /// Removes the request with `id` wherever it is.
    @discardableResult
    package mutating func removeRequest(id: String) -> Bool {
        guard let path = folderPath(ofRequest: id) else { return false }
        return editContents(at: path) { _, requests in
            requests.removeAll { $0.id == id }
            return true
        }
    }

    /// Removes the folder at `path` with everything in it.
    @discardableResult
    package mutating func removeFolder(at path: [String]) -> Bool {
        guard let last = path.last else { return false }
        return editContents(at: Array(path.dropLast())) { folders, _ in
            guard let index = folders.firstIndex(where: { $0.name == last }) else { return false }
            folders.remove(at: index)
            return true
        }
    }

    /// Inserts a copy of the request with `id` right after it, with `newID` and `name`.
    @discardableResult
    package mutating func duplicateRequest(id: String, newID: String, name: String) -> Bool {
        guard let path = folderPath(ofRequest: id) else { return false }
        return editContents(at: path) { _, requests in
            guard let index = requests.firstIndex(where: { $0.id == id }) else { return false }
            var copy = requests[index]
            copy.id = newID
            copy.name = name
            requests.insert(copy, at: index + 1)
            return true
        }
    }

    /// Inserts a copy of the folder at `path` right after it, called `name` (false when a sibling
    /// has that name), every request in it (at any depth) given a new id from `newID`, since ids
    /// are unique in a file. Returns the copies' ids by the originals', or nil when nothing changed.
    @discardableResult
    package mutating func duplicateFolder(
        at path: [String], name: String, newID: () -> String
    ) -> [String: String]? {
        guard let last = path.last else { return nil }
        var ids: [String: String] = [:]
        func renumbered(_ folder: Folder) -> Folder {
            var copy = folder
            copy.requests = folder.requests.map { request in
                var request = request
                let id = newID()
                ids[request.id] = id
                request.id = id
                return request
            }
            copy.folders = folder.folders.map(renumbered)
            return copy
        }
        let done = editContents(at: Array(path.dropLast())) { folders, _ in
            guard let index = folders.firstIndex(where: { $0.name == last }),
                !folders.contains(where: { $0.name == name })
            else { return false }
            var copy = renumbered(folders[index])
            copy.name = name
            folders.insert(copy, at: index + 1)
            return true
        }
        return done ? ids : nil
    }

    /// Moves the request with `id` one place up (`offset` -1) or down (+1) among its siblings.
    @discardableResult
    package mutating func moveRequest(id: String, by offset: Int) -> Bool {
        guard let path = folderPath(ofRequest: id) else { return false }
        return editContents(at: path) { _, requests in
            guard let index = requests.firstIndex(where: { $0.id == id }), requests.indices.contains(index + offset)
            else { return false }
            requests.swapAt(index, index + offset)
            return true
        }
    }

    /// Moves the request with `id` to the end of the folder at `destination` (`[]`: the top level);
    /// false when that folder does not exist.
    @discardableResult
    package mutating func moveRequest(id: String, toFolder destination: [String]) -> Bool {
        guard let request = request(id: id), destination.isEmpty || folder(at: destination) != nil else { return false }
        var moved = self
        moved.removeRequest(id: id)
        guard moved.addRequest(request, inFolder: destination) else { return false }
        self = moved
        return true
    }

    /// Moves the folder at `path` (with everything in it) into the folder at `destination`; false
    /// when the destination is missing, is the folder itself or inside it, or has a folder of
    /// that name already.
    @discardableResult
    package mutating func moveFolder(at path: [String], toFolder destination: [String]) -> Bool {
        guard let name = path.last, let moving = folder(at: path),
            destination.isEmpty || folder(at: destination) != nil,
            !destination.starts(with: path), Array(path.dropLast()) != destination
        else { return false }
        var moved = self
        moved.removeFolder(at: path)
        let placed = moved.editContents(at: destination) { folders, _ in
            guard !folders.contains(where: { $0.name == name }) else { return false }
            folders.append(moving)
            return true
        }
        guard placed else { return false }
        self = moved
        return true
    }

    /// Moves the folder at `path` one place up or down among its sibling folders.
    @discardableResult
    package mutating func moveFolder(at path: [String], by offset: Int) -> Bool {
        guard let last = path.last else { return false }
        return editContents(at: Array(path.dropLast())) { folders, _ in
            guard let index = folders.firstIndex(where: { $0.name == last }), folders.indices.contains(index + offset)
            else { return false }
            folders.swapAt(index, index + offset)
            return true
        }
    }
}
