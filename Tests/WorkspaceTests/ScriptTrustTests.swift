import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import RegularFiles
import Testing
import Workspace

/// The explorer's trust in a collection file's scripts (issue 32): kept per user, for the file and
/// the exact scripts it held; a changed or added script is not trusted until asked again.
@Suite struct ScriptTrustTests {
    static func collection(test: String) -> String {
        """
        {"formatVersion": 1, "id": "s", "name": "S", "defaultEnvironment": "live",
         "scripts": {"preRequest": "pm.variables.set('a', 1);"},
         "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com"}],
         "requests": [{"id": "me", "name": "Me", "method": "GET", "url": "/me", "scripts": {"test": \(test)}}]}
        """
    }

    private func open(_ text: String, in folder: TemporaryFolder) throws -> CollectionDocument {
        try folder.write(text, to: "s.json")
        let scheduler = ManualScheduler()
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock())
        return try #require(try services.open(folder: folder.path).documents.first)
    }

    @Test func trustIsForTheFileAndItsExactScriptsAndOutlivesTheProcess() throws {
        let folder = try TemporaryFolder()
        let directories = UserDirectories(config: folder.path + "/config", state: folder.path + "/state")
        let document = try open(Self.collection(test: #""pm.test('ok', () => {});""#), in: folder)
        let trust = ScriptTrust(directories: directories)
        #expect(!trust.isTrusted(document))
        try trust.trust(document)
        #expect(trust.isTrusted(document))
        // Another process (a new ScriptTrust over the same file) sees it too.
        #expect(ScriptTrust(directories: directories).isTrusted(document))
        let stored = try String(contentsOfFile: folder.path + "/state/trusted-scripts.json", encoding: .utf8)
        #expect(stored.contains("s.json"))
        #expect(!stored.contains("pm.test"))
        // A changed script asks again.
        let changed = try open(Self.collection(test: #""pm.test('ok', () => {}); fetchSecrets();""#), in: folder)
        #expect(!ScriptTrust(directories: directories).isTrusted(changed))
    }

    @Test func aFileThatCannotBeWrittenIsTrustedUntilTheProcessEnds() throws {
        let folder = try TemporaryFolder()
        let document = try open(Self.collection(test: #""pm.test('ok', () => {});""#), in: folder)
        // The state folder is a file: the trust cannot be written.
        try folder.write("not a folder", to: "state")
        let trust = ScriptTrust(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"))
        #expect(throws: FileSystemError.self) { try trust.trust(document) }
        #expect(trust.isTrusted(document))
    }
}
