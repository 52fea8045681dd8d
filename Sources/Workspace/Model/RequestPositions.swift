import AnnotatedLocks
import Synchronization

/// Where each request of a collection sits, to find one by id without a walk: the explorer asks
/// for the selected request many times a key press, and a walk over a million requests took
/// ~15 ms each time. A hint only: a position is used after checking that the request there has
/// the id, and the table is made again when it has not, so a collection changed since (copies
/// share the table) is never answered wrongly.
final class RequestPositions: Sendable {
    struct Position: Sendable {
        /// Folder indices from the top; empty for the collection's own requests.
        var folders: [Int]
        var index: Int
    }

    private let table = Mutex<[String: Position]?>(nil)

    func request(id: String, in collection: RequestCollection) -> SavedRequest? {
        if let position = table.withLock(ownedBy: self, { $0?[id] }),
            let found = Self.request(at: position, in: collection), found.id == id
        {
            return found
        }
        // Not there, or moved: a walk answers (a request that is not in the collection costs
        // one, as it always did), and the table is made again when the request turns up.
        guard collection.containsRequest(id: id) else { return nil }
        let made = Self.positions(of: collection)
        table.withLock(ownedBy: self) { $0 = made }
        return made[id].flatMap { Self.request(at: $0, in: collection) }
    }

    private static func request(at position: Position, in collection: RequestCollection) -> SavedRequest? {
        var folders = collection.folders
        var requests = collection.requests
        for index in position.folders {
            guard folders.indices.contains(index) else { return nil }
            requests = folders[index].requests
            folders = folders[index].folders
        }
        return requests.indices.contains(position.index) ? requests[position.index] : nil
    }

    private static func positions(of collection: RequestCollection) -> [String: Position] {
        var table: [String: Position] = [:]
        table.reserveCapacity(collection.requestCount)
        func walk(_ folders: [Folder], _ requests: [SavedRequest], _ trail: [Int]) {
            for (index, folder) in folders.enumerated() { walk(folder.folders, folder.requests, trail + [index]) }
            requests.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where table[buffer[index].id] == nil {
                    table[buffer[index].id] = Position(folders: trail, index: index)
                }
            }
        }
        walk(collection.folders, collection.requests, [])
        return table
    }
}

/// A collection's `RequestPositions`, made with it and shared by its copies; never part of what
/// makes two collections equal.
struct RequestPositionsHint: Sendable, Equatable {
    let positions = RequestPositions()

    static func == (lhs: Self, rhs: Self) -> Bool { true }
}
