import AnnotatedLocks
import Synchronization

/// Where each request of a collection sits, to find one by id without a walk: the explorer asks
/// for the selected request many times a key press, and a walk over a million requests took
/// ~15 ms each time. A hint only: a position is used after checking that the request there has
/// the id, and the table is made again when it has not, so a collection changed since (copies
/// share the table) is never answered wrongly.
final class RequestPositions: Sendable {
    /// Each request's place by the hash of its id, in 8 bytes: the index of its folder trail in
    /// `trails` (high half) and its index there (low half). A million ids kept as strings, with a
    /// trail each, took 64 MB; this takes half. Two ids with one hash keep the first one's place;
    /// the other is found by the walk, since a place is always checked against the id.
    struct Table: Sendable {
        var places: [Int: UInt64] = [:]
        var trails: [[Int]] = []
    }

    private let table = Mutex<Table?>(nil)
    private let key: @Sendable (String) -> Int

    /// `key`: a test passes one that gives every id the same number.
    init(key: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        self.key = key
    }

    func request(id: String, in collection: RequestCollection) -> SavedRequest? {
        let key = key(id)
        if let place = table.withLock(ownedBy: self, { table in table.flatMap { Self.place(key, in: $0) } }),
            let found = Self.request(at: place, in: collection), found.id == id
        {
            return found
        }
        // Not there, moved, or sharing its hash with another id: a walk answers (a request that
        // is not in the collection costs one, as it always did), and the table is made again
        // when the request turns up.
        guard let found = Self.walk(to: id, collection.folders, collection.requests) else { return nil }
        let made = positions(of: collection)
        table.withLock(ownedBy: self) { $0 = made }
        return found
    }

    /// Makes the table for `collection` now, unless there is one.
    func prepare(_ collection: RequestCollection) {
        guard table.withLock(ownedBy: self, { $0 == nil }) else { return }
        let made = positions(of: collection)
        table.withLock(ownedBy: self) { $0 = made }
    }

    private static func place(_ key: Int, in table: Table) -> (folders: [Int], index: Int)? {
        guard let packed = table.places[key] else { return nil }
        return (table.trails[Int(packed >> 32)], Int(packed & 0xFFFF_FFFF))
    }

    private static func request(at place: (folders: [Int], index: Int), in collection: RequestCollection)
        -> SavedRequest?
    {
        var folders = collection.folders
        var requests = collection.requests
        for index in place.folders {
            guard folders.indices.contains(index) else { return nil }
            requests = folders[index].requests
            folders = folders[index].folders
        }
        return requests.indices.contains(place.index) ? requests[place.index] : nil
    }

    /// The first request with `id` in display order (a folder's folders before its requests).
    private static func walk(to id: String, _ folders: [Folder], _ requests: [SavedRequest]) -> SavedRequest? {
        for folder in folders {
            if let found = walk(to: id, folder.folders, folder.requests) { return found }
        }
        return RequestCollection.index(of: id, in: requests).map { requests[$0] }
    }

    private func positions(of collection: RequestCollection) -> Table {
        var table = Table()
        table.places.reserveCapacity(collection.requestCount)
        func walk(_ folders: [Folder], _ requests: [SavedRequest], _ trail: [Int]) {
            for (index, folder) in folders.enumerated() { walk(folder.folders, folder.requests, trail + [index]) }
            guard !requests.isEmpty, requests.count <= 1 << 32 else { return }
            let high = UInt64(table.trails.count) << 32
            table.trails.append(trail)
            requests.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    let key = key(buffer[index].id)
                    if table.places[key] == nil { table.places[key] = high | UInt64(index) }
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
