import Foundation
import LoopbackTesting
import Testing

/// `command` auth in `lazer run` (issue 26): without `--trust` nothing runs and nothing is sent
/// (exit status 3); with it the token reaches the loopback server (which echoes it), the command
/// runs once for the whole run and the next (the private token cache), and the token is in no
/// other file Lazer wrote; a failing command says
/// its exit status and first error line.
@Suite("command auth in lazer run")
struct CommandAuthCommandTests {
    static let token = "tok-5e1f2c9a77"

    static func collection(port: Int, command: String) -> String {
        """
        {"formatVersion": 1, "id": "cmd", "name": "Commands", "defaultEnvironment": "local",
         "auth": {"type": "command", "command": "\(command)"},
         "requests": [
           {"id": "one", "name": "One", "method": "GET", "url": "/echo",
            "expectations": [{"subject": "body", "op": "contains", "value": "Bearer tok-"}]},
           {"id": "two", "name": "Two", "method": "GET", "url": "/echo",
            "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
         ],
         "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:\(port)"}]}
        """
    }

    @Test("without --trust: exit 3, the commands named, nothing run, nothing sent")
    func refusedWithoutTrust() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(port: server.port, command: "touch ran; echo \(Self.token)"), to: "cmd.json")
        let result = try LazerBinary.run(
            ["run", file], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("Commands gets its auth token by running `touch ran; echo \(Self.token)`"))
        #expect(result.stderr.contains("nothing was sent: pass --trust to let these commands run"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/ran"))
    }

    @Test("with --trust: the token is sent, fetched once, and written nowhere")
    func trusted() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(port: server.port, command: "echo run >> runs.log; echo \(Self.token)"), to: "cmd.json")
        let result = try LazerBinary.run(
            ["run", file, "--trust", "--reporter", "human", "--reporter", "json", "--output", "report.json"],
            environment: scratch.environment, currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 requests: 2 passed"), "\(result.stdout)")
        // A second run within the token's cacheSeconds uses it from the private token cache.
        let again = try LazerBinary.run(
            ["run", file, "--trust", "--no-history"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let runs = try String(contentsOfFile: scratch.path + "/runs.log", encoding: .utf8)
        #expect(runs == "run\n", "the command ran \(runs.split(separator: "\n").count) times")
        let cache = scratch.path + "/config/lazer/command-tokens.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: cache)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(!result.stdout.contains(Self.token) && !result.stderr.contains(Self.token))
        // Every file the run wrote (the report, history in the state folder): the token in none.
        let enumerator = FileManager.default.enumerator(atPath: scratch.path)
        var checked = 0
        while let name = enumerator?.nextObject() as? String {
            let path = scratch.path + "/" + name
            // The private token cache holds it (mode 0600, checked above); nothing else may.
            guard name != "cmd.json", !name.hasSuffix("command-tokens.json"),
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            checked += 1
            #expect(data.range(of: Data(Self.token.utf8)) == nil, "the token is in \(name)")
        }
        #expect(checked >= 2)
    }

    @Test("a failing command: not sent, with its exit status and first line of standard error")
    func failingCommand() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(port: server.port, command: "echo 'login required: run gcloud auth login' >&2; exit 4"),
            to: "cmd.json")
        let result = try LazerBinary.run(
            ["run", file, "--trust-commands", "--no-history"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "the auth command failed with exit status 4: login required: run gcloud auth login"),
            "\(result.stdout)")
    }

    @Test("without --trust, requests that do not use the command auth still run")
    func onlyRequestsThatUseItNeedTrust() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let text = Self.collection(port: server.port, command: "touch ran; echo \(Self.token)").replacingOccurrences(
            of: #""id": "two", "name": "Two", "method": "GET", "url": "/echo","#,
            with: #""id": "two", "name": "Two", "method": "GET", "url": "/echo", "auth": {"type": "none"},"#)
        let file = try scratch.write(text, to: "cmd.json")
        let result = try LazerBinary.run(
            ["run", file, "--request", "two", "--no-history"], environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("1 request: 1 passed") || result.stdout.contains("1 requests: 1 passed"),
            "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/ran"))
    }
}
