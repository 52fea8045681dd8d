import Foundation
import StateStore
import Testing

/// Two `lazer run` processes writing one collection's history at once, at and beyond the
/// retention cap. With history in JSON Lines files, two runs at the cap kept 68 of 96 and 37 of
/// 100 new entries; in the state store every entry is kept, and the cap holds exactly.
@Suite("lazer run: history from two processes")
struct RunHistoryConcurrencyTests {
    static let collectionID = "5a0c6b8e-2f4d-4e51-9b7a-3c1d2e4f6a01"
    /// jsonplaceholder.json has 15 requests; each run repeats them 4 times.
    static let perRun = 60

    /// Starts two runs at once and waits for both; their exit statuses.
    private func runTwo(_ scratch: RunCommandTests.Scratch, cap: Int) throws -> [Int32] {
        let arguments = ["run", "Collections/jsonplaceholder.json", "--env", "mock", "--repeat", "4"]
        var environment = scratch.environment
        environment["LAZER_HISTORY_MAX_ENTRIES"] = String(cap)
        let processes = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = LazerBinary.productsDirectory.appendingPathComponent("lazer")
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = URL(fileURLWithPath: RunCommandTests.repositoryRoot)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        return processes.map { process in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func stored(_ scratch: RunCommandTests.Scratch) throws -> [String] {
        try StateDatabase(path: scratch.path + "/state/lazer/state.sqlite").history(collectionID: Self.collectionID)
    }

    @Test("below the cap every entry of both runs is kept; past it exactly the cap, none lost")
    func twoRunsAtOnce() throws {
        let scratch = try RunCommandTests.Scratch()
        #expect(try runTwo(scratch, cap: 1_000) == [0, 0])
        let first = try stored(scratch)
        #expect(first.count == 2 * Self.perRun)
        #expect(Set(first).count == first.count)

        // Now at 120 of a cap of 150: both runs again go 90 past it.
        #expect(try runTwo(scratch, cap: 150) == [0, 0])
        let second = try stored(scratch)
        #expect(second.count == 150)
        // The 120 new entries are all there, with the newest 30 of the first pair.
        #expect(Array(second.prefix(30)) == Array(first.suffix(30)))
    }
}
