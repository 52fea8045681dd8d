import Foundation
import LoopbackTesting
import Testing

/// `lazer diff` as a process: two files, two history entries, one request in two environments
/// sent to the loopback server; exit status 0 same, 1 different, 2 error.
@Suite("lazer diff")
struct DiffCommandTests {
    typealias Scratch = RunCommandTests.Scratch

    private func diff(_ arguments: [String], _ scratch: Scratch) throws -> LazerBinary.Output {
        try LazerBinary.run(["diff"] + arguments, environment: scratch.environment, currentDirectory: scratch.path)
    }

    @Test("two files: nothing printed and exit 0 when the same (key order, 1.0 == 1), the changes and exit 1 when not")
    func files() throws {
        let scratch = try Scratch()
        let a = try scratch.write(#"{"name": "Ada", "age": 36, "score": 1.0, "tags": ["x"]}"#, to: "a.json")
        let same = try scratch.write(#"{"tags": ["x"], "score": 1, "age": 36, "name": "Ada"}"#, to: "same.json")
        let b = try scratch.write(#"{"name": "Ada", "age": 37, "score": 1, "tags": ["x", "y"]}"#, to: "b.json")
        let equal = try diff([a, same], scratch)
        #expect(equal.status == 0, "\(equal.stdout)\(equal.stderr)")
        #expect(equal.stdout.isEmpty)
        let changed = try diff([a, b], scratch)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(
            changed.stdout == """
                --- \(a)
                +++ \(b)
                @@ $.age
                -36
                +37
                @@ $.tags[1]
                +"y"
                2 changes: 1 added, 0 removed, 1 changed

                """)
    }

    @Test("--json for machines, --ignore and --array-key shape what counts")
    func optionsAndJSON() throws {
        let scratch = try Scratch()
        let a = try scratch.write(
            #"{"updatedAt": "1", "users": [{"id": 1, "n": "a"}, {"id": 2, "n": "b"}]}"#, to: "a.json")
        let b = try scratch.write(
            #"{"updatedAt": "2", "users": [{"id": 2, "n": "b"}, {"id": 1, "n": "a"}]}"#, to: "b.json")
        let byIndex = try diff([a, b, "--json"], scratch)
        #expect(byIndex.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(byIndex.stdout.utf8)) as? [String: Any]
        #expect(report?["same"] as? Bool == false)
        #expect((report?["counts"] as? [String: Int])?["changed"] == 5)
        let changes = report?["changes"] as? [[String: Any]] ?? []
        #expect(changes.first?["path"] as? String == "$.updatedAt")
        #expect(changes.first?["left"] as? String == "1")
        let keyed = try diff([a, b, "--ignore", "$.updatedAt", "--array-key", "$.users=id"], scratch)
        #expect(keyed.status == 0, "\(keyed.stdout)\(keyed.stderr)")
    }

    @Test("errors exit 2 with a message: a missing file, a body that is not JSON, a bad JSONPath, one argument")
    func errors() throws {
        let scratch = try Scratch()
        let a = try scratch.write("{}", to: "a.json")
        let bad = try scratch.write("{\"a\": }", to: "bad.json")
        let missing = try diff([a, scratch.path + "/nope.json"], scratch)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.json: No such file or directory, and no history entry has that id"))
        let notJSON = try diff([a, bad], scratch)
        #expect(notJSON.status == 2)
        #expect(notJSON.stderr.contains("bad.json is not JSON"))
        let query = try diff([a, a, "--ignore", "$.["], scratch)
        #expect(query.status == 2)
        #expect(query.stderr.contains("invalid JSONPath"))
        let one = try diff([a], scratch)
        #expect(one.status == 2)
        let envs = try diff(["--request", "x", "--env", "a"], scratch)
        #expect(envs.status == 2)
        #expect(envs.stderr.contains("two environments"))
    }

    @Test("--request in two environments against the loopback server; then the two history entries by id")
    func environmentsAndHistory() throws {
        let server = try LoopbackServer.shared()
        let scratch = try Scratch()
        let collection = try scratch.write(Self.collection(port: server.port), to: "envs.json")
        let differ = try diff(
            ["--request", "echo", "--env", "staging", "--env", "production", "--collection", collection], scratch)
        #expect(differ.status == 1, "\(differ.stdout)\(differ.stderr)")
        #expect(differ.stdout.contains("@@ $.path\n-\"/echo/staging/items\"\n+\"/echo/production/items\"\n"))
        #expect(differ.stdout.contains("GET http://127.0.0.1:\(server.port)/echo/staging/items in staging · 200"))
        let same = try diff(
            ["--request", "echo", "--env", "staging", "--env", "staging", "--collection", collection, "--no-history"],
            scratch)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        let unknown = try diff(
            ["--request", "nope", "--env", "staging", "--env", "production", "--collection", collection], scratch)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("nope"))
        // A typo in the second environment's name sends nothing (it sent the request in the first,
        // then refused): the history below still holds the two entries of the first diff.
        let typo = try diff(
            ["--request", "echo", "--env", "staging", "--env", "prodution", "--collection", collection], scratch)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("no environment named \"prodution\""), "\(typo.stderr)")

        let list = try LazerBinary.run(
            ["history", "list", "--json"], environment: scratch.environment, currentDirectory: scratch.path)
        let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        let ids = rows.compactMap { $0["id"] as? String }
        try #require(ids.count == 2, "\(list.stdout)\(list.stderr)")
        let entries = try diff([ids[1], ids[0]], scratch)
        #expect(entries.status == 1, "\(entries.stdout)\(entries.stderr)")
        #expect(entries.stdout.contains("@@ $.path\n-\"/echo/staging/items\"\n+\"/echo/production/items\"\n"))
        let gone = try diff([ids[0], "01NOSUCHENTRY"], scratch)
        #expect(gone.status == 2)
        #expect(gone.stderr.contains("01NOSUCHENTRY"))
    }

    @Test("files of a megabyte or more are mapped, not read: the same output as the same bytes through stdin")
    func mappedFiles() throws {
        let scratch = try Scratch()
        func orders(_ changed: Bool) -> String {
            "["
                + (0..<25_000).map { number in
                    let other = changed && number % 1_000 == 7
                    return #"{"id": \#(number), "price": \#(other ? "13.00" : "12.50"), "name": "item \#(number)"}"#
                }.joined(separator: ",\n") + "]"
        }
        let left = orders(false)
        #expect(left.utf8.count > 1 << 20)
        let a = try scratch.write(left, to: "a.json")
        let b = try scratch.write(orders(true), to: "b.json")
        let mapped = try diff([a, b], scratch)
        #expect(mapped.status == 1, "\(mapped.stderr)")
        #expect(mapped.stdout.hasPrefix("--- \(a)\n+++ \(b)\n@@ $[7].price\n-12.50\n+13.00\n"))
        #expect(mapped.stdout.hasSuffix("25 changes: 0 added, 0 removed, 25 changed\n"))
        let read = try LazerBinary.run(
            ["diff", "-", b], stdin: Data(left.utf8), environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(read.stdout == mapped.stdout.replacingOccurrences(of: "--- \(a)\n", with: "--- (stdin)\n"))
        #expect(try diff([a, a], scratch).status == 0)
    }

    static func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1,
          "id": "diff-envs",
          "name": "Diff",
          "defaultEnvironment": "staging",
          "requests": [
            { "id": "echo", "name": "Echo", "method": "GET", "url": "/items" }
          ],
          "environments": [
            { "name": "staging", "baseURL": "http://127.0.0.1:\(port)/echo/staging" },
            { "name": "production", "baseURL": "http://127.0.0.1:\(port)/echo/production" }
          ]
        }
        """
    }
}
