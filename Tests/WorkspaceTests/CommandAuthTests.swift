import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import RegularFiles
import Synchronization
import Testing
import Workspace

/// `command` auth (issue 26): the token a shell command prints goes in a header, only for a
/// collection the user trusts; cached for its time; a failing command says why.
@Suite struct CommandAuthTests {
    let scheduler = ManualScheduler()

    static func collection(auth: String) -> String {
        """
        {"formatVersion": 1, "id": "cmd", "name": "Cmd", "defaultEnvironment": "live",
         "auth": \(auth),
         "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com"}],
         "requests": [{"id": "me", "name": "Me", "method": "GET", "url": "/me"}]}
        """
    }

    private let kept = Kept()
    final class Kept: @unchecked Sendable { var services: WorkspaceServices? }

    private func open(_ text: String, in folder: TemporaryFolder) throws -> (WorkspaceServices, CollectionDocument) {
        try folder.write(text, to: "cmd.json")
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock())
        kept.services = services
        let document = try #require(try services.open(folder: folder.path).documents.first)
        return (services, document)
    }

    @Test func anUntrustedCollectionRunsNoCommandAndSendsNothing() throws {
        let folder = try TemporaryFolder()
        let (services, document) = try open(
            Self.collection(auth: #"{"type": "command", "command": "touch ran; echo t"}"#), in: folder)
        let request = try #require(document.collection.request(id: "me"))
        let preparation = services.prepare(request, in: document)
        #expect(preparation.request == nil)
        #expect(preparation.untrustedCommands == ["touch ran; echo t"])
        #expect(preparation.problems.contains { $0.contains("not trusted to run commands") }, "\(preparation.problems)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/ran"))
    }

    @Test func aTrustedCollectionsTokenGoesInTheHeaderMaskedEverywhereShown() async throws {
        let folder = try TemporaryFolder()
        let (services, document) = try open(
            Self.collection(auth: #"{"type": "command", "command": "printf '  tok-%s\\n' 123"}"#), in: folder)
        try services.commandTokens.trust(document)
        let request = try #require(document.collection.request(id: "me"))
        let first = services.prepare(request, in: document)
        #expect(first.request == nil && first.problems.isEmpty)
        #expect(first.pendingCommand?.command == "printf '  tok-%s\\n' 123")
        let fetched = await services.fetchCommandToken(for: first)
        #expect(fetched == .success("tok-123"))
        let second = services.prepare(request, in: document)
        #expect(second.problems.isEmpty, "\(second.problems)")
        #expect(second.request?.headers["Authorization"] == "Bearer tok-123")
        // The Timeline's line says where the token came from.
        #expect(
            second.signing?.hasPrefix("token from the auth command (just run; kept ") == true, "\(second.signing ?? "")"
        )
        #expect(
            services.prepare(request, in: document).signing?.hasPrefix("token from the auth command (cached; kept ")
                == true)
        #expect(!second.redactor.redact("got Bearer tok-123").contains("tok-123"))
        // Another header and no prefix, from the collection file.
        let other = try open(
            Self.collection(
                auth: #"{"type": "command", "command": "echo k1", "header": "X-Api-Key", "prefix": ""}"#),
            in: try TemporaryFolder())
        try other.0.commandTokens.trust(other.1)
        let otherRequest = try #require(other.1.collection.request(id: "me"))
        _ = await other.0.fetchCommandToken(for: other.0.prepare(otherRequest, in: other.1))
        #expect(other.0.prepare(otherRequest, in: other.1).request?.headers["X-Api-Key"] == "k1")
    }

    @Test func trustIsForTheFileAndItsExactCommands() throws {
        let folder = try TemporaryFolder()
        let store = CommandTrustStore(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"))
        #expect(!store.isTrusted(file: folder.path + "/a.json", commands: ["one"]))
        try store.trust(file: folder.path + "/a.json", commands: ["one"])
        #expect(store.isTrusted(file: folder.path + "/a.json", commands: ["one"]))
        #expect(store.isTrusted(file: folder.path + "/./a.json", commands: ["one"]))
        #expect(!store.isTrusted(file: folder.path + "/a.json", commands: ["one", "two"]))
        #expect(!store.isTrusted(file: folder.path + "/b.json", commands: ["one"]))
        // A damaged store trusts nothing, and saying trust names the file.
        try folder.write("{not json", to: "state/trusted-commands.json")
        #expect(!store.isTrusted(file: folder.path + "/a.json", commands: ["one"]))
        #expect(throws: FileSystemError.self) { try store.trust(file: folder.path + "/a.json", commands: ["one"]) }
    }

    @Test func aTokenIsReusedForItsCacheTimeThenFetchedAgain() {
        let clock = Clock()
        let runs = Counter()
        let tokens = CommandTokens(
            trustStore: CommandTrustStore(directories: UserDirectories(config: "/nonexistent", state: "/nonexistent")),
            now: { clock.now },
            runner: { _, _, _, _ in .success("t\(runs.next())") })
        let command = CommandAuth(command: "x", cacheSeconds: 60)
        #expect(tokens.cachedToken(for: command, folder: "/f") == nil)
        #expect(tokens.fetchNow(command, folder: "/f") == .success("t1"))
        #expect(tokens.cachedToken(for: command, folder: "/f") == "t1")
        clock.advance(59)
        #expect(tokens.cachedToken(for: command, folder: "/f") == "t1")
        #expect(tokens.cachedToken(for: command, folder: "/other") == nil)
        clock.advance(2)
        #expect(tokens.cachedToken(for: command, folder: "/f") == nil)
        // cacheSeconds 0: the token just fetched serves one send.
        let always = CommandAuth(command: "y", cacheSeconds: 0)
        #expect(tokens.fetchNow(always, folder: "/f") == .success("t2"))
        #expect(tokens.cachedToken(for: always, folder: "/f") == "t2")
        #expect(tokens.cachedToken(for: always, folder: "/f") == nil)
    }

    /// Two processes (two `CommandTokens` on one store file): the second uses the first's token
    /// while it is fresh, without running the command; the file is private; forgetting clears it.
    @Test func aTokenIsSharedWithTheNextProcessThroughThePrivateStore() throws {
        let folder = try TemporaryFolder()
        let store = CommandTokenStore(directories: UserDirectories(config: folder.path + "/config", state: folder.path))
        let trust = CommandTrustStore(directories: UserDirectories(config: folder.path, state: folder.path))
        let wall = WallClock()
        let runs = Counter()
        func process() -> CommandTokens {
            CommandTokens(
                trustStore: trust, store: store, wallClock: { wall.now },
                runner: { _, _, _, _ in .success("t\(runs.next())") })
        }
        let command = CommandAuth(command: "x", cacheSeconds: 60)
        let first = process()
        #expect(first.fetchNow(command, folder: "/f") == .success("t1"))
        #expect(first.cachedToken(for: command, folder: "/f") == "t1")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // The next process: the token without a run.
        let second = process()
        #expect(second.cachedToken(for: command, folder: "/f") == "t1")
        #expect(second.cachedToken(for: command, folder: "/other") == nil)
        // Past its time, the next process runs the command again.
        wall.now = wall.now.addingTimeInterval(61)
        let third = process()
        #expect(third.cachedToken(for: command, folder: "/f") == nil)
        #expect(third.fetchNow(command, folder: "/f") == .success("t2"))
        // cacheSeconds 0 is never written; forgetting empties the file.
        #expect(process().fetchNow(CommandAuth(command: "y", cacheSeconds: 0), folder: "/f") == .success("t3"))
        #expect(process().cachedToken(for: CommandAuth(command: "y", cacheSeconds: 0), folder: "/f") == nil)
        third.forgetTokens()
        #expect(process().cachedToken(for: command, folder: "/f") == nil)
        #expect(!(try String(contentsOfFile: store.path, encoding: .utf8)).contains("t2"))
    }

    final class WallClock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    @Test func aFailingCommandSaysItsExitStatusAndFirstErrorLine() {
        #expect(
            CommandTokenRunner.run("echo '' >&2; echo 'token expired' >&2; echo more >&2; exit 3", timeout: 10)
                == .failure(.exited(status: 3, stderr: "token expired")))
        #expect(CommandTokenRunner.run("true", timeout: 10) == .failure(.emptyOutput(stderr: nil)))
        #expect(CommandTokenRunner.run("printf 'a\\nb\\n'", timeout: 10) == .failure(.severalLines))
        #expect(CommandTokenRunner.run("pwd", timeout: 10, folder: "/") == .success("/"))
        let failure = CommandTokenError.exited(status: 3, stderr: "token expired")
        #expect(failure.description == "the auth command failed with exit status 3: token expired")
    }

    @Test func aCommandThatDoesNotFinishIsStoppedWithItsChildren() throws {
        let folder = try TemporaryFolder()
        // The shell's child keeps the pipe open: killing only the shell would leave the wait hanging.
        let result = CommandTokenRunner.run("sleep 30; touch late", timeout: 0.3, folder: folder.path)
        #expect(result == .failure(.timedOut(seconds: 0.3)))
        #expect(CommandTokenError.timedOut(seconds: 0.3).description.contains("within 0.3 s"))
    }

    /// A stop (the send cancelled, Lazer quitting) kills the command and its children at once: it
    /// ran on until its timeout, past the process that started it.
    @Test func aStoppedCommandEndsAtOnceWithItsChildren() throws {
        let folder = try TemporaryFolder()
        let path = folder.path
        let stop = CommandStop()
        let result = Mutex<Result<String, CommandTokenError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        // A thread of its own, as the explorer runs it (a blocked task would wait for the pool).
        DispatchQueue.global().async {
            let outcome = CommandTokenRunner.run("sleep 30; touch late", timeout: 60, folder: path, stop: stop)
            result.withLock { $0 = outcome }
            done.signal()
        }
        usleep(200_000)
        stop.stop()
        #expect(done.wait(timeout: .now() + 20) == .success, "the command ran on after its stop")
        #expect(result.withLock { $0 } == .failure(.stopped))
        // Stopped before it started: it never runs.
        let early = CommandStop()
        early.stop()
        #expect(
            CommandTokenRunner.run("touch early", timeout: 10, folder: folder.path, stop: early) == .failure(.stopped))
        usleep(100_000)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/early"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/late"))
    }

    @Test func aCommandAuthLoadsWithItsDefaultsAndBadHeadersAreErrors() throws {
        let folder = try TemporaryFolder()
        let (_, document) = try open(
            Self.collection(
                auth: #"{"type": "command", "command": "gcloud auth print-access-token", "cacheSeconds": 1800}"#),
            in: folder)
        #expect(
            document.collection.auth?.scheme
                == .command(CommandAuth(command: "gcloud auth print-access-token", cacheSeconds: 1800)))
        #expect(document.collection.authCommands == ["gcloud auth print-access-token"])
        let bad = try TemporaryFolder()
        try bad.write(
            Self.collection(auth: #"{"type": "command", "command": "x", "header": "Bad: header"}"#), to: "b.json")
        let services = try #require(kept.services)
        let entries = try services.open(folder: bad.path).entries
        #expect("\(entries)".contains("the header must be a header name"))
    }

    final class Clock: @unchecked Sendable {
        private let start = ContinuousClock.now
        private var offset = Duration.zero
        var now: ContinuousClock.Instant { start + offset }
        func advance(_ seconds: Int64) { offset += .seconds(seconds) }
    }

    final class Counter: @unchecked Sendable {
        private var value = 0
        func next() -> Int {
            value += 1
            return value
        }
    }
}
