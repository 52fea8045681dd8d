import Foundation
import RegularFiles
import Testing
import Workspace

@Suite struct CollectionSavingTests {
    private func loadDocument(_ path: String) throws -> CollectionDocument {
        try #require(CollectionStore.load(path: path).document)
    }

    @Test func savingAnUnchangedCollectionReproducesTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        #expect(!document.isModified)
        try CollectionStore.save(&document)
        #expect(try folder.read("x.json") == Fixtures.minimal)
    }

    @Test func aOneFieldEditChangesOneLine() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        document.collection.updateRequest(id: "req-get") { $0.url = "/articles/:id" }
        #expect(document.isModified)
        try CollectionStore.save(&document)
        let before = Fixtures.minimal.split(separator: "\n", omittingEmptySubsequences: false)
        let after = try folder.read("x.json").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.map(\.1) == ["      \"url\": \"/articles/:id\","])
        #expect(!document.isModified)
    }

    @Test func thePreviousVersionIsKeptAsABackup() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Renamed"
        try CollectionStore.save(&document)
        #expect(AtomicFile.backupPath(for: folder.file("x.json")) == folder.file(".x.json.bak"))
        #expect(try folder.read(".x.json.bak") == Fixtures.minimal)
        #expect(try folder.read("x.json").contains("\"name\": \"Renamed\""))
    }

    @Test func anOutsideEditIsAConflictNotAnOverwrite() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        let outside = Fixtures.minimal(replacing: "\"Sample\"", with: "\"Edited elsewhere\"")
        try folder.write(outside, to: "x.json")
        #expect(CollectionStore.hasOutsideChange(document))
        document.collection.name = "Mine"
        #expect(throws: SaveError.conflict(path: folder.file("x.json"))) { try CollectionStore.save(&document) }
        #expect(try folder.read("x.json") == outside)
        try CollectionStore.save(&document, overwrite: true)
        #expect(try folder.read("x.json").contains("\"name\": \"Mine\""))
        #expect(!CollectionStore.hasOutsideChange(document))
    }

    /// A collection renamed in memory, its folder locked the way another lazer would lock it (a `flock`
    /// on the folder through an open file of its own); returns that file's descriptor too.
    private func renamedWithFolderLocked() throws -> (TemporaryFolder, CollectionDocument, held: Int32) {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Mine"
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return (folder, document, descriptor)
    }

    @Test func aSaveWaitsForAnotherSaveIntoTheSameFolder() throws {
        let (folder, renamed, held) = try renamedWithFolderLocked()
        var document = renamed
        // The other holder lets go a little later, from a thread of its own (the save blocks this one).
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(300_000)
            flock(held, LOCK_UN)
            close(held)
            released.signal()
        }
        // Waits (up to 5 s) for the other holder, then saves.
        try CollectionStore.save(&document)
        released.wait()
        #expect(try folder.read("x.json").contains("\"name\": \"Mine\""))
    }

    @Test func aLockThatIsNeverReleasedFailsTheSaveAndWritesNothing() throws {
        let (folder, renamed, held) = try renamedWithFolderLocked()
        var document = renamed
        defer { close(held) }
        #expect {
            try CollectionStore.save(&document, lockPatience: .milliseconds(100))
        } throws: { error in
            guard case .fileSystem(let failure) = error as? SaveError else { return false }
            return failure.operation == "lock" && failure.reason.contains("another lazer is still saving")
        }
        #expect(try folder.read("x.json") == Fixtures.minimal)
        #expect(document.isModified)
    }

    @Test func aDeletedFileIsAConflictToo() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        try FileManager.default.removeItem(atPath: folder.file("x.json"))
        #expect(throws: SaveError.self) { try CollectionStore.save(&document) }
    }

    @Test func creatingOverAnExistingFileIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("keep me", to: "x.json")
        #expect(throws: SaveError.self) {
            _ = try CollectionStore.create(RequestCollection(name: "New"), at: folder.file("x.json"))
        }
        #expect(try folder.read("x.json") == "keep me")
        let created = try CollectionStore.create(RequestCollection(name: "New"), at: folder.file("y.json"))
        #expect(try loadDocument(folder.file("y.json")).collection == created.collection)
    }

    @Test func saveKeepsTheFilesPermissions() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.file("x.json"))
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Changed"
        try CollectionStore.save(&document)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("x.json"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    }

    @Test func temporaryFilesOfKilledSavesAreCleanedUp() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        // pid 2^22 + 1 is above Linux's pid_max limit, so no such process exists.
        try folder.write("partial", to: ".x.json.tmp-4194305-77")
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Changed"
        try CollectionStore.save(&document)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".x.json.bak", "x.json"])
    }

    /// A backup's temporary file left by a killed save (`.x.json.bak.tmp-PID`) went uncleaned.
    @Test func backupTemporaryFilesOfKilledSavesAreCleanedUp() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        try folder.write("old", to: ".x.json.bak.tmp-4194305")
        // A running process's (init's, always there) is left alone.
        try folder.write("old", to: ".x.json.bak.tmp-1")
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Changed"
        try CollectionStore.save(&document)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".x.json.bak", ".x.json.bak.tmp-1", "x.json"])
    }

    /// A file with mode 444 in a writable folder was replaced on save without a word.
    @Test func aReadOnlyFileIsReplacedOnlyWhenAsked() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.file("x.json"))
        var document = try loadDocument(folder.file("x.json"))
        document.collection.name = "Changed"
        #expect(throws: SaveError.readOnly(path: folder.file("x.json"))) { try CollectionStore.save(&document) }
        #expect(try folder.read("x.json") == Fixtures.minimal)
        try CollectionStore.save(&document, replacingReadOnly: true)
        #expect(try folder.read("x.json").contains("Changed"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("x.json"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o444)
    }

    @Test func aSaveThatCannotWriteLeavesTheOldFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try loadDocument(folder.file("x.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path) }
        document.collection.name = "Changed"
        if getuid() != 0 {
            #expect(throws: SaveError.self) { try CollectionStore.save(&document) }
            #expect(try folder.read("x.json") == Fixtures.minimal)
            #expect(document.isModified)
        }
    }
}
