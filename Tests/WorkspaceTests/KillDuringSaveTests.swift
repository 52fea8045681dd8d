import Foundation
import Testing
import Workspace

/// Kills a process that saves a collection in a loop at random moments, over at least 1,000
/// saves: the file on disk must always be one whole version, never a mix or a partial write.
@Suite struct KillDuringSaveTests {
    static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    }

    @Test func theFileIsAlwaysTheOldOrTheNewVersion() throws {
        let saver = Self.productsDirectory.appendingPathComponent("workspace-save-loop")
        try #require(FileManager.default.isExecutableFile(atPath: saver.path), "build workspace-save-loop first")
        let folder = try TemporaryFolder()
        let path = folder.file("x.json")
        try folder.write(Fixtures.minimal, to: "x.json")
        let collection = try #require(CollectionStore.load(path: path).document?.collection)
        var versionA = collection
        versionA.name = "Version A"
        var versionB = collection
        versionB.name = "Version B"
        let allowed = [Fixtures.minimal, versionA.fileText(), versionB.fileText()]

        var generator = SystemRandomNumberGenerator()
        var totalSaves = 0
        var kills = 0
        while totalSaves < 1_000 {
            let process = Process()
            process.executableURL = saver
            process.arguments = [path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Kill after a random number of completed saves; the child is then somewhere inside the next one.
            let target = Int.random(in: 1...40, using: &generator)
            var completed = 0
            var pending = Data()
            while completed < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                completed = pending.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the saver stopped by itself: it failed")
            totalSaves += completed
            kills += 1

            let text = try folder.read("x.json")
            #expect(allowed.contains(text), "after kill \(kills) the file is not a whole version")
            if let backup = try? folder.read(".x.json.bak") {
                #expect(allowed.contains(backup), "after kill \(kills) the backup is not a whole version")
            }
            if !allowed.contains(text) { return }
        }
        #expect(kills > 10)
    }
}
