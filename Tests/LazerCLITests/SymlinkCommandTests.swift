import Foundation
import LoopbackTesting
import Testing

/// Issue 35: `import --merge`, `import --force` and `record --from` onto a collection path that
/// is a symbolic link replaced the link with a regular file of mode 0777 and left the real file
/// unchanged. They write through the link and keep the target's mode.
@Suite("Commands saving onto a symbolic link")
struct SymlinkCommandTests {
    /// `api.json` → `real/api.json` (mode 0640) in a fresh folder.
    private func linkedCollection(_ scratch: RunCommandTests.Scratch, text: String) throws -> (
        link: String, target: String
    ) {
        try FileManager.default.createDirectory(atPath: scratch.path + "/real", withIntermediateDirectories: true)
        let target = try scratch.write(text, to: "real/api.json")
        chmod(target, 0o640)
        let link = scratch.path + "/api.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/api.json")
        return (link, target)
    }

    private func expectLinkKept(_ link: String, target: String) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test("import --merge and import --force write the link's target, the link stays, the mode too")
    func importThroughLink() throws {
        let scratch = try RunCommandTests.Scratch()
        try Data("curl https://a.test/one".utf8).write(to: URL(fileURLWithPath: scratch.path + "/one.sh"))
        try Data("GET https://a.test/two\n".utf8).write(to: URL(fileURLWithPath: scratch.path + "/two.http"))
        let first = try LazerBinary.run(
            ["import", "one.sh", "--into", "first.json"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(first.status == 0, "\(first.stderr)")
        let (link, target) = try linkedCollection(
            scratch, text: try String(contentsOfFile: scratch.path + "/first.json", encoding: .utf8))
        let merged = try LazerBinary.run(
            ["import", "two.http", "--into", "api.json", "--merge"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(merged.status == 0, "\(merged.stderr)")
        try expectLinkKept(link, target: target)
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.contains("https://a.test/one") && text.contains("https://a.test/two"), "\(text)")
        let forced = try LazerBinary.run(
            ["import", "one.sh", "--into", "api.json", "--force"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        try expectLinkKept(link, target: target)
        #expect(!(try String(contentsOfFile: target, encoding: .utf8)).contains("https://a.test/two"))
    }

    @Test("record --from writes the recorded routes into the link's target")
    func recordThroughLink() throws {
        let scratch = try RunCommandTests.Scratch()
        let server = try HTTPBinLikeServer()
        defer { server.stop() }
        let (link, target) = try linkedCollection(scratch, text: RecordCommandTests.searches(baseURL: server.baseURL))
        let recorded = try LazerBinary.run(
            ["record", link, "--from", "local", "--into", "recorded"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        try expectLinkKept(link, target: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"recorded\""))
    }
}
