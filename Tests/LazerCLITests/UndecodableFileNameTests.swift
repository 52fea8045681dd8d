import Foundation
import Testing

/// Issue 35: a file name that is not valid UTF-8 was reported as "not found" by `validate`. Lazer
/// reads names as UTF-8 text, so it says the name cannot be decoded: the file is there.
@Suite("File names that are not valid UTF-8")
struct UndecodableFileNameTests {
    /// Runs `lazer ARGUMENTS` through /bin/sh, so an argument can hold any byte (`printf '\377'`).
    private func shell(_ script: String, in folder: String) throws -> LazerBinary.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = [
            "LAZER": LazerBinary.productsDirectory.appendingPathComponent("lazer").path, "HOME": folder,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LazerBinary.Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    @Test("validate, json and run name the problem: the name cannot be decoded, not 'not found'")
    func namesThatCannotBeDecoded() throws {
        let scratch = try RunCommandTests.Scratch()
        let collection = #"{"formatVersion": 1, "id": "c", "name": "C", "requests": []}"#
        _ = try shell("printf '%s' '\(collection)' > \"$(printf 'bad\\377.json')\"", in: scratch.path)
        try FileManager.default.createDirectory(atPath: scratch.path + "/folder", withIntermediateDirectories: true)
        _ = try shell("printf '%s' '\(collection)' > \"folder/$(printf 'x\\377.json')\"", in: scratch.path)
        let message = "the file name is not valid UTF-8 and cannot be decoded"
        for command in ["validate", "json", "run"] {
            let result = try shell("\"$LAZER\" \(command) \"$(printf 'bad\\377.json')\"", in: scratch.path)
            #expect(result.status != 0, "\(command)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
            #expect(!result.stderr.localizedCaseInsensitiveContains("no such file"), "\(command): \(result.stderr)")
        }
        let folder = try shell("\"$LAZER\" validate folder", in: scratch.path)
        #expect(folder.status != 0)
        #expect((folder.stdout + folder.stderr).contains(message), "\(folder.stdout)\(folder.stderr)")
    }
}
