import Foundation
import LoopbackTesting
import Testing

/// `lazer history list/clear` over the state store a `lazer run` filled.
@Suite("lazer history")
struct HistoryCommandTests {
    /// A scratch state store with jsonplaceholder's Users folder run once: 2 exchanges, and no
    /// other collection has history.
    private func filled() throws -> RunCommandTests.Scratch {
        let scratch = try RunCommandTests.Scratch()
        let run = try LazerBinary.run(
            ["run", "Collections/jsonplaceholder.json", "--env", "mock", "--folder", "Users"],
            environment: scratch.environment, currentDirectory: RunCommandTests.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        return scratch
    }

    private func lazer(_ arguments: [String], _ scratch: RunCommandTests.Scratch) throws -> LazerBinary.Output {
        try LazerBinary.run(
            ["history"] + arguments, environment: scratch.environment, currentDirectory: RunCommandTests.repositoryRoot)
    }

    @Test("list: newest first, one line each; --search, --limit and --collection narrow it")
    func list() throws {
        let scratch = try filled()
        let all = try lazer(["list"], scratch)
        #expect(all.status == 0, "\(all.stderr)")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("GET     http://jsonplaceholder.mock/users/1") == true, "\(all.stdout)")
        #expect(lines.first?.contains("Get a user") == true && lines.last?.contains("List users") == true)
        let searched = try lazer(["list", "--search", "users/1 2xx"], scratch)
        #expect(searched.stdout.split(separator: "\n").count == 1 && searched.stdout.contains("Get a user"))
        #expect(try lazer(["list", "--search", "5xx"], scratch).stdout.isEmpty)
        #expect(try lazer(["list", "--limit", "1"], scratch).stdout.split(separator: "\n").count == 1)
        let other = try lazer(["list", "--collection", "Collections/showcase.json"], scratch)
        #expect(other.status == 0 && other.stdout.isEmpty, "\(other.stderr)")
        let mine = try lazer(["list", "--collection", "Collections/jsonplaceholder.json"], scratch)
        #expect(mine.stdout.split(separator: "\n").count == 2)
    }

    @Test("list --json: an array of entries with status, time and duration")
    func listJSON() throws {
        let scratch = try filled()
        let output = try lazer(["list", "--json"], scratch)
        #expect(output.status == 0)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.first?["requestName"] as? String == "Get a user")
        #expect(rows.first?["status"] as? Int == 200)
        #expect(rows.first?["method"] as? String == "GET")
        #expect((rows.first?["time"] as? String)?.hasSuffix("Z") == true)
    }

    /// A request redirected elsewhere is kept as asked for (it was kept as where redirects ended,
    /// so a HAR export of the history, imported back, lost the request).
    @Test("a redirected request's history and its HAR export keep the URL asked for")
    func redirectedRequest() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "redirected", "name": "Redirected", "defaultEnvironment": "local",
             "environments": [{"name": "local", "baseURL": "http://127.0.0.1:\(server.port)"}],
             "requests": [{"id": "old", "name": "Old path", "method": "GET", "url": "/redirect/2"}]}
            """, to: "redirected.json")
        let run = try LazerBinary.run(["run", file], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let list = try LazerBinary.run(
            ["history", "list", "--collection", file], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(list.stdout.contains("/redirect/2") && !list.stdout.contains("/redirect/0"), "\(list.stdout)")
        let har = try LazerBinary.run(
            ["export", file, "--format", "har"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(har.status == 0, "\(har.stderr)")
        #expect(har.stdout.contains(#""url": "http://127.0.0.1:\#(server.port)/redirect/2""#), "\(har.stdout)")
    }

    @Test("clear refuses without --yes when not on a terminal, and deletes with it")
    func clear() throws {
        let scratch = try filled()
        let refused = try lazer(["clear"], scratch)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2 entries of every collection would be deleted"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"))
        #expect(try lazer(["list"], scratch).stdout.split(separator: "\n").count == 2, "nothing was deleted")
        let other = try lazer(["clear", "--collection", "Collections/showcase.json", "--yes"], scratch)
        #expect(other.stdout.contains("Deleted 0 history entries"), "\(other.stdout)\(other.stderr)")
        #expect(try lazer(["list"], scratch).stdout.split(separator: "\n").count == 2)
        let cleared = try lazer(["clear", "--collection", "Collections/jsonplaceholder.json", "--yes"], scratch)
        #expect(cleared.status == 0)
        #expect(cleared.stdout.contains("Deleted 2 history entries"), "\(cleared.stdout)")
        #expect(try lazer(["list"], scratch).stdout.isEmpty)
    }

    @Test("a collection file that does not load is said, with exit status 1")
    func badCollection() throws {
        let scratch = try RunCommandTests.Scratch()
        let output = try lazer(["list", "--collection", "no-such.json"], scratch)
        #expect(output.status == 1)
        #expect(output.stderr.contains("lazer history list: no-such.json"), "\(output.stderr)")
        let limit = try lazer(["list", "--limit", "0"], scratch)
        #expect(limit.status == 2 && limit.stderr.contains("--limit must be at least 1"))
    }
}
