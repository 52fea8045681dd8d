import Foundation
import LoopbackTesting
import Testing

/// Cookie files on the command line: `lazer send -b/-c` read and write what `curl -b/-c` write and
/// read (the real curl against the loopback server), and `lazer run --cookie-jar`.
@Suite("lazer send -b/-c and lazer run --cookie-jar")
struct CookieCommandTests {
    private func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", "30"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("lazer send -c writes every redirect hop's cookies in a file curl -b sends; -b reads curl -c's")
    func sendAndCurl() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let jar = scratch.path + "/jar.txt"
        let sent = try LazerBinary.run(
            ["send", server.url("/cookies/redirect?session=abc").absoluteString, "-c", jar],
            environment: scratch.environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == "session=abc")
        let file = try String(contentsOfFile: jar, encoding: .utf8)
        #expect(file.contains("127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc\n"), "\(file)")
        let mode = try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try curl(["-b", jar, server.url("/cookies").absoluteString]) == "session=abc")

        let curlJar = scratch.path + "/curl-jar.txt"
        _ = try curl(["-c", curlJar, server.url("/cookies/set?fromcurl=1").absoluteString])
        let read = try LazerBinary.run(
            ["send", server.url("/cookies").absoluteString, "-b", curlJar, "-b", "typed=2"],
            environment: scratch.environment)
        #expect(read.stdout == "typed=2; fromcurl=1", "\(read.stderr)")

        let missing = try LazerBinary.run(
            ["send", server.url("/cookies").absoluteString, "-b", scratch.path + "/none.txt"],
            environment: scratch.environment)
        #expect(missing.status == 0)
        #expect(missing.stdout == "")
    }

    @Test("lazer run shares one jar across its requests; --cookie-jar reads it at the start and writes it at the end")
    func runCookieJar() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let collection = try scratch.write(
            """
            {
              "formatVersion": 1, "id": "cookies", "name": "Cookies", "defaultEnvironment": "local",
              "requests": [
                { "id": "login", "name": "Login", "method": "GET", "url": "/cookies/redirect?session=abc" },
                { "id": "me", "name": "Me", "method": "GET", "url": "/cookies",
                  "expectations": [{ "subject": "body", "op": "contains", "value": "session=abc" }] }
              ],
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(server.port)" }]
            }

            """, to: "cookies.json")
        func run(_ arguments: [String]) throws -> LazerBinary.Output {
            try LazerBinary.run(["run", collection, "--no-history"] + arguments, environment: scratch.environment)
        }
        let both = try run([])
        #expect(both.status == 0, "\(both.stdout)\(both.stderr)")
        // Without --cookie-jar every run starts empty: the second request alone has no cookie.
        #expect(try run(["--request", "me"]).status == 1)
        let jar = scratch.path + "/run-jar.txt"
        #expect(try run(["--request", "login", "--cookie-jar", jar]).status == 0)
        #expect(try String(contentsOfFile: jar, encoding: .utf8).contains("\tsession\tabc\n"))
        let reused = try run(["--request", "me", "--cookie-jar", jar])
        #expect(reused.status == 0, "\(reused.stdout)")
        // A jar that could not be written at the end is refused before any request is sent.
        let nowhere = try run(["--cookie-jar", scratch.path + "/no-such-folder/jar.txt"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("--cookie-jar \(scratch.path)/no-such-folder/jar.txt: there is no folder"))
        #expect(!nowhere.stdout.contains("Login"), "nothing was sent: \(nowhere.stdout)")
        let folder = try run(["--cookie-jar", scratch.path])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("is a folder"), "\(folder.stderr)")
    }
}
