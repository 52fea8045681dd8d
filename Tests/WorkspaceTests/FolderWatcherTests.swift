import Dispatch
import Foundation
import Testing
import Workspace

@Suite struct FolderWatcherTests {
    /// Collects reported names; `wait` blocks until one arrives (or a generous deadline passes).
    final class Reports: @unchecked Sendable {
        // Invariant: `names` is only touched on `queue`.
        let queue = DispatchQueue(label: "reports")
        private var names: [String] = []
        private let signal = DispatchSemaphore(value: 0)

        func add(_ new: [String]) {
            queue.sync { names += new }
            signal.signal()
        }

        /// Waits until `name` has been reported, then forgets everything reported so far.
        func waitFor(_ name: String) -> Bool {
            let deadline = DispatchTime.now() + 30
            while true {
                let seen = queue.sync {
                    let found = names.contains(name)
                    if found { names = [] }
                    return found
                }
                if seen { return true }
                if signal.wait(timeout: deadline) == .timedOut { return false }
            }
        }
    }

    @Test func outsideEditsAreReportedAndOwnSavesAreNot() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        let reports = Reports()
        let watcher = try FolderWatcher(folder: folder.path, queue: DispatchQueue(label: "watch")) { names in
            reports.add(names)
        }
        defer { watcher.cancel() }

        document.collection.name = "Saved by us"
        try CollectionStore.save(&document)
        #expect(reports.waitFor("x.json"))
        #expect(!CollectionStore.hasOutsideChange(document))

        // Our save may still have events on the way. inotify keeps order, so once a marker file
        // written after the save is reported, everything the save caused has been seen (and
        // forgotten): an `x.json` report after that can only come from the outside edit.
        try folder.write("{}", to: "marker.json")
        #expect(reports.waitFor("marker.json"))
        try folder.write(Fixtures.minimal, to: "x.json")
        #expect(reports.waitFor("x.json"))
        #expect(CollectionStore.hasOutsideChange(document))
    }
}
