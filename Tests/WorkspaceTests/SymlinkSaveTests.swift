import Foundation
import Testing
import Workspace

/// Issue 35: saving onto a path that is a symbolic link replaced the link with a regular file of
/// mode 0777 (the link's own mode, read with lstat) and left the real file unchanged.
@Suite("Saving through symbolic links; never world-writable")
struct SymlinkSaveTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func isLink(_ path: String) throws -> Bool {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeSymbolicLink
    }

    @Test("a write through a link replaces its target, keeps the link and the target's mode")
    func writesThroughLinks() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        try folder.write("old", to: "real/api.json")
        chmod(folder.file("real/api.json"), 0o640)
        // A chain: link → link → file, the last one relative.
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("inner.json"), withDestinationPath: "real/api.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("api.json"), withDestinationPath: folder.file("inner.json"))
        try AtomicFile.write(Array("new".utf8), to: folder.file("api.json"))
        #expect(try isLink(folder.file("api.json")))
        #expect(try isLink(folder.file("inner.json")))
        #expect(try folder.read("real/api.json") == "new")
        #expect(try mode(folder.file("real/api.json")) == 0o640)
        // The backup of the replaced version sits beside the target.
        #expect(try folder.read("real/.api.json.bak") == "old")
    }

    @Test("no file written is world-writable, set-user-ID or set-group-ID; a new one gets the mode asked for")
    func neverWorldWritable() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "open.json")
        chmod(folder.file("open.json"), 0o6777)
        try AtomicFile.write(Array("new".utf8), to: folder.file("open.json"))
        #expect(try mode(folder.file("open.json")) == 0o775)
        try AtomicFile.write(Array("new".utf8), to: folder.file("fresh.json"))
        #expect(try mode(folder.file("fresh.json")) == 0o644)
        try AtomicFile.write(Array("new".utf8), to: folder.file("secret.json"), permissions: 0o600)
        #expect(try mode(folder.file("secret.json")) == 0o600)
    }

    @Test("a link to nothing or to a folder is refused with a message; nothing is replaced")
    func refusesLinksToNothing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("gone.json"), withDestinationPath: "missing.json")
        #expect {
            try AtomicFile.write(Array("x".utf8), to: folder.file("gone.json"))
        } throws: { error in
            "\(error)".contains("a symbolic link to a file that does not exist")
        }
        #expect(try isLink(folder.file("gone.json")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.json")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("dir.json"), withDestinationPath: "/tmp")
        #expect {
            try AtomicFile.write(Array("x".utf8), to: folder.file("dir.json"))
        } throws: { error in
            "\(error)".contains("it is a folder; name a file in it")
        }
        #expect(try isLink(folder.file("dir.json")))
    }
}
