import Dispatch
import Foundation
import StateStore
import Testing

/// Two writers opening a state file that does not exist yet, at the same moment (two `lazer run`s
/// started together): switching the new file to WAL answered BUSY without waiting, or both saw no
/// schema and one failed with "table history already exists"; either way the write that opened
/// the file was lost (two runs kept 119 of 120 entries, 2 times in 12).
@Suite struct FirstOpenRaceTests {
    @Test func twoWritersOpeningANewFileTogetherLoseNothing() throws {
        for round in 0..<40 {
            let folder = try TemporaryFolder()
            let path = folder.file("state.sqlite")
            let stores = [StateDatabase(path: path), StateDatabase(path: path)]
            let failures = DispatchQueue.concurrentPerform(stores.count) { index in
                try stores[index].appendHistory(
                    StateHistoryTests.record(index), retention: HistoryRetention())
            }
            #expect(failures.isEmpty, "round \(round): \(failures)")
            #expect(try stores[0].history(collectionID: "c").count == 2, "round \(round)")
        }
    }
}

extension DispatchQueue {
    /// Runs `body` `count` times at once; the errors thrown, in no order.
    fileprivate static func concurrentPerform(_ count: Int, _ body: @Sendable (Int) throws -> Void) -> [String] {
        let errors = ErrorList()
        concurrentPerform(iterations: count) { index in
            do { try body(index) } catch { errors.append("\(error)") }
        }
        return errors.all
    }
}

/// Errors collected from concurrent work.
private final class ErrorList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
