import Foundation
import StateStore
import Testing

/// The store under faults: a full disk, an unwritable folder, processes killed mid-write and
/// processes writing at once.
@Suite struct StateFaultTests {
    static let padding = String(repeating: "x", count: 6_000)

    static func record(_ index: Int) -> HistoryRecord {
        HistoryRecord(
            id: "e\(index)", collectionID: "c", requestID: "r", time: 1_700_000_000 + Double(index),
            json: "{\"n\":\(index),\"pad\":\"\(padding)\"}", search: HistorySearchText(url: "http://h/\(index)"))
    }

    /// Writes history and drafts until the disk is full, then checks nothing was half written,
    /// the error says the disk is full, and writing works again once there is space.
    /// `full` is a store on a small disk; `roomy` the same file once space came back.
    static func checkFullDisk(
        _ full: StateDatabase, _ roomy: StateDatabase, makeSpace: () -> Void = {}
    ) throws {
        var written = 0
        var failure: StateStoreError?
        while failure == nil, written < 10_000 {
            do {
                try full.appendHistory(record(written), retention: HistoryRetention(maximumEntries: 100_000))
                written += 1
            } catch {
                failure = error
            }
        }
        #expect(failure?.kind == .full)
        #expect(failure?.description.hasPrefix("the disk is full") == true)
        #expect(written > 0)
        let kept = try full.history(collectionID: "c")
        #expect(kept.count == written, "an entry that failed must not be there, and none before it lost")
        for (index, json) in kept.enumerated() { #expect(json == record(index).json) }

        let instance = DraftInstance.current()
        var draftFailure: StateStoreError?
        do {
            try full.replaceDrafts(
                of: instance,
                with: [StoredDraft(collectionID: "c", requestID: "r", json: String(repeating: "d", count: 100_000))],
                now: 1)
        } catch {
            draftFailure = error
        }
        #expect(draftFailure?.kind == .full)
        #expect(try full.allDrafts()[instance.id] == nil)

        // Space again: the same file takes new writes, the old ones intact.
        makeSpace()
        try roomy.appendHistory(record(written), retention: HistoryRetention(maximumEntries: 100_000))
        try roomy.replaceDrafts(
            of: instance, with: [StoredDraft(collectionID: "c", requestID: "r", json: "{}")], now: 2)
        #expect(try roomy.history(collectionID: "c").count == written + 1)
        #expect(try roomy.allDrafts()[instance.id]?.count == 1)
    }

    /// SQLite's own size limit gives the same SQLITE_FULL a full disk does.
    @Test func aFullStoreRollsBackAndRecovers() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state.sqlite")
        try Self.checkFullDisk(StateDatabase(path: path, maximumPageCount: 64), StateDatabase(path: path))
    }

    /// A real full disk: a 512 KiB tmpfs (mounting needs root; where mounting is refused, as
    /// for most users, this test checks the same on the size limit above and says so).
    @Test func aFullFilesystemRollsBackAndRecovers() throws {
        let folder = try TemporaryFolder()
        let mountPoint = folder.file("disk")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint]) == 0 else {
            let path = folder.file("state.sqlite")
            try Self.checkFullDisk(StateDatabase(path: path, maximumPageCount: 64), StateDatabase(path: path))
            return
        }
        defer { _ = Self.run("/bin/umount", ["-l", mountPoint]) }
        let path = mountPoint + "/state.sqlite"
        let store = StateDatabase(path: path)
        // "Space again": the tmpfs grows (remount), the open store carries on.
        try Self.checkFullDisk(store, store) {
            #expect(Self.run("/bin/mount", ["-o", "remount,size=4m", mountPoint]) == 0)
        }
    }

    @Test func anUnwritableStateFolderIsAnErrorWithTheFolder() throws {
        let folder = try TemporaryFolder()
        // A regular file where the folder should be: unwritable even for root.
        try Data().write(to: URL(fileURLWithPath: folder.file("state")))
        let store = StateDatabase(path: folder.file("state/lazer/state.sqlite"))
        #expect(throws: StateStoreError.self) { try store.appendHistory(Self.record(1), retention: .init()) }
        do {
            try store.appendHistory(Self.record(1), retention: .init())
        } catch {
            #expect(error.description.contains(folder.file("state")))
            #expect(error.description.hasPrefix("cannot make the state folder"))
        }
        // Fixed while running: the next write opens the store.
        try FileManager.default.removeItem(atPath: folder.file("state"))
        try store.appendHistory(Self.record(1), retention: .init())
        #expect(try store.history(collectionID: "c").count == 1)
    }

    @Test func aDamagedFileIsSaidToBeDamaged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state.sqlite")
        try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: path))
        #expect {
            try StateDatabase(path: path).appendHistory(Self.record(1), retention: .init())
        } throws: { ($0 as? StateStoreError)?.kind == .corrupt }
    }

    /// Kills a process writing history (then drafts) at random moments: the store always opens,
    /// every entry is whole, and the draft is one whole version.
    @Test(arguments: ["history", "drafts"]) func killedWritersLeaveWholeRecords(mode: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state.sqlite")
        var generator = SystemRandomNumberGenerator()
        var writes = 0
        for round in 0..<25 {
            let process = Process()
            process.executableURL = Products.directory.appendingPathComponent("state-write-loop")
            process.arguments = [path, mode, "k\(round)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let target = Int.random(in: 1...20, using: &generator)
            var lines = 0
            var pending = Data()
            while lines < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                lines = pending.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the writer stopped by itself: it failed")
            writes += lines

            let store = StateDatabase(path: path)
            if mode == "history" {
                let entries = try store.history(collectionID: "c")
                #expect(entries.count <= 50)
                #expect(entries.allSatisfy { $0.hasSuffix("\(Self.padding)\"}") })
                // Every write that said it was done is there (up to the retention of 50).
                let mine = entries.filter { $0.contains("\"k\(round)-") }
                #expect(mine.count >= min(lines, 50))
            } else {
                let drafts = try store.allDrafts()["loop-k\(round)"] ?? []
                #expect(drafts.count == 1)
                let version = drafts.first.flatMap { draft in
                    Int(draft.json.dropFirst("{\"version\":".count).prefix { $0.isNumber })
                }
                // The last write it confirmed, or one it made after that (before the kill landed).
                #expect((version ?? -1) >= lines - 1, "a draft older than the last written one")
                #expect(drafts.first?.json.hasSuffix("\(Self.padding)\"}") == true)
            }
        }
        #expect(writes > 25)
    }

    /// Two processes appending at once past the retention cap (50): no entry that should be
    /// kept is lost, and the cap holds.
    @Test func twoWritersAtTheCapLoseNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state.sqlite")
        let store = StateDatabase(path: path)
        for index in 0..<50 {
            try store.appendHistory(Self.record(1_000 + index), retention: HistoryRetention(maximumEntries: 50))
        }
        let writers = try ["a", "b"].map { tag in
            let process = Process()
            process.executableURL = Products.directory.appendingPathComponent("state-write-loop")
            process.arguments = [path, "history", tag, "20"]
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let entries = try store.history(collectionID: "c")
        #expect(entries.count == 50)
        for tag in ["a", "b"] {
            for index in 0..<20 { #expect(entries.contains { $0.hasPrefix("{\"id\":\"\(tag)-\(index)\"") }) }
        }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
