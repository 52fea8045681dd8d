/// Finding and editing requests and environments by id or name, wherever they sit in folders.
extension RequestCollection {
    /// A request with the folder names leading to it.
    package struct RequestLocation: Sendable, Equatable {
        package var folderPath: [String]
        package var request: SavedRequest

        package init(folderPath: [String], request: SavedRequest) {
            self.folderPath = folderPath
            self.request = request
        }
    }

    /// Every request in display order (each folder's subfolders, then its requests; top-level
    /// requests last), as a list: a walk is `forEachRequest`, which copies none (`lazer validate`
    /// of a million-request collection spent most of its time and gigabytes copying this list).
    package var allRequests: [RequestLocation] {
        var result: [RequestLocation] = []
        result.reserveCapacity(requestCount)
        forEachRequest { folderPath, request in
            result.append(RequestLocation(folderPath: folderPath, request: request))
        }
        return result
    }

    /// Visits every request in display order (`allRequests`' order) with the folder names leading
    /// to it, without making the list. Not recursive, and inlined where it is called, so the
    /// visit's body is compiled into the loop and reads the fields it needs from the array in
    /// place (through a closure each request was copied and destroyed: a fifth of validating a
    /// million requests). A visit that may keep the request asks a cheap field first
    /// (`$body.isDefault`), or the request is copied for every visit.
    @inlinable
    package func forEachRequest(_ visit: (_ folderPath: [String], _ request: SavedRequest) throws -> Void) rethrows {
        for group in requestGroups() {
            for index in group.requests.indices { try visit(group.folderPath, group.requests[index]) }
        }
    }

    /// The requests of each folder with the folder names leading to it, in display order: the
    /// collection's own last (`allRequests`' order).
    @usableFromInline
    package func requestGroups() -> [(folderPath: [String], requests: [SavedRequest])] {
        var groups: [(folderPath: [String], requests: [SavedRequest])] = []
        func walk(_ folders: [Folder], _ requests: [SavedRequest], _ trail: [String]) {
            for folder in folders { walk(folder.folders, folder.requests, trail + [folder.name]) }
            if !requests.isEmpty { groups.append((trail, requests)) }
        }
        walk(folders, requests, [])
        return groups
    }

    /// Each capture's variable with the name of the request that captures it, in display order:
    /// the explorer's completion asks on every key typed, and the requests are read where they
    /// are stored (a walk that handed each one to a closure copied a million of them, 50 ms).
    package var capturedVariables: [(variable: String, requestName: String)] {
        var found: [(variable: String, requestName: String)] = []
        for group in requestGroups() {
            group.requests.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    for capture in buffer[index].captures { found.append((capture.variable, buffer[index].name)) }
                }
            }
        }
        return found
    }

    /// The requests whose body is a GraphQL operation, with where they are (`lazer validate`
    /// checks them against the schema): walked here, where the walk reads each body in place.
    package var graphqlRequests: [RequestLocation] {
        var found: [RequestLocation] = []
        forEachRequest { folderPath, request in
            // A request without a body (most) is passed over without its body being copied out.
            guard !request.$body.isDefault, case .graphql = request.body.content else { return }
            found.append(.init(folderPath: folderPath, request: request))
        }
        return found
    }

    /// The first request in display order (`allRequests.first`, without making the list: the
    /// explorer selects it at start, in collections of up to a million requests).
    package var firstRequest: RequestLocation? {
        requestGroups().first.flatMap { group in
            group.requests.first.map { RequestLocation(folderPath: group.folderPath, request: $0) }
        }
    }

    /// How many requests the collection holds, counted without copying any.
    package var requestCount: Int {
        func count(_ folders: [Folder]) -> Int { folders.reduce(0) { $0 + $1.requests.count + count($1.folders) } }
        return requests.count + count(folders)
    }

    /// The request with `id`, wherever it is: found through `RequestPositions` (the explorer asks
    /// this many times a key press, in collections of up to a million requests).
    package func request(id: String) -> SavedRequest? {
        positions.positions.request(id: id, in: self)
    }

    /// The request with `id` and the folders it is in: found through `RequestPositions` and a walk
    /// over ids in place (`allRequests.first { … }` copied every request it passed).
    package func location(ofRequest id: String) -> RequestLocation? {
        guard let request = request(id: id), let folderPath = folderPath(ofRequest: id) else { return nil }
        return RequestLocation(folderPath: folderPath, request: request)
    }

    /// Makes the table `request(id:)` looks in now: the explorer calls this on its work queue
    /// after reading a file, so that the first lookup on the main thread (a third of a second
    /// for a million requests) does not freeze the screen. Copies share the table.
    package func prepareLookups() {
        positions.positions.prepare(self)
    }

    /// Where the request with `id` is in `requests`, comparing ids where they are stored:
    /// `first(where:)` copied every request it passed (a second for a million of them, per key
    /// press in the explorer).
    static func index(of id: String, in requests: [SavedRequest]) -> Int? {
        requests.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index].id == id { return index }
            return nil
        }
    }

    package func environment(named name: String) -> Environment? {
        environments.first { $0.name == name }
    }

    /// Applies `edit` to the request with `id`; returns false when there is none.
    @discardableResult
    package mutating func updateRequest(id: String, _ edit: (inout SavedRequest) -> Void) -> Bool {
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
    package mutating func updateEnvironment(named name: String, _ edit: (inout Environment) -> Void) -> Bool {
        guard let index = environments.firstIndex(where: { $0.name == name }) else { return false }
        edit(&environments[index])
        return true
    }
}
