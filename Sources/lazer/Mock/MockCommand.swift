import ArgumentParser
import Dispatch
import Foundation
import HTTPCore
import MockServer
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `lazer mock`: serves a collection's mock environment over HTTP — the same routes, matched by the
/// same table, that answer `lazer run --env mock` in process. The `MockServer` module does the
/// serving; this command loads, prints, watches and stops.
struct MockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a mock environment over HTTP.",
        discussion: """
            PATH is a collection file, or a folder holding one collection with a mock
            environment (default: Collections). The environment is --env, else the
            collection's default environment when it is a mock, else its first mock
            environment.

            The first line on stdout is the server's URL (with --port 0, the port the
            system picked), so scripts can read it; then one line per request: method,
            target, the route that answered (or "no route"), status and time. An unmatched
            request gets a 404 whose JSON body names the closest routes and why each
            missed. Route body files are served from the collection's folder only:
            absolute paths, ".." and links leading outside are refused. Stop with Ctrl+C
            (SIGINT) or SIGTERM.

            Examples:
              lazer mock Collections/jsonplaceholder.json --env mock --port 8080
              URL=$(lazer mock Collections/showcase.json --port 0 | head -n 1)
              lazer mock Collections/showcase.json --watch --log requests.jsonl
            """
    )

    @Argument(help: "A collection file, or a folder with one collection that has a mock environment.")
    var path: String = "Collections"

    @Option(help: "The mock environment to serve, by name.")
    var env: String?

    @Option(help: "The address to listen on (only this one).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Flag(help: "Reload when the collection file or a body file changes (a broken edit keeps the routes serving).")
    var watch = false

    @Option(help: "Also write every request as a JSON line to FILE (appended).")
    var log: String?

    @Option(help: "Event-loop threads answering requests (default: half the cores, at least one).")
    var threads: Int?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be from 1 to 256.") }
    }

    func run() throws {
        let loaded: MockServerRoutes
        do {
            loaded = try MockServerRoutes.load(path, environment: env)
        } catch {
            FileBytes.writeError(error.problems.map { "lazer mock: \(TerminalText.lineWithExcerpt($0))\n" }.joined())
            throw ExitCode(2)
        }
        let output = MockOutput(logFile: try log.map(MockOutput.openLog))
        let table = MockRouteTable(loaded.routes)
        let server: MockHTTPServer
        do {
            server = try MockHTTPServer(
                table: table, host: host, port: port, guardrail: loaded.guardrail, threads: threads ?? 0,
                onRequest: output.request)
        } catch {
            FileBytes.writeError("lazer mock: cannot listen on \(TerminalText.line(host)):\(port): \(error)\n")
            throw ExitCode(1)
        }
        let reloader = watch ? MockReloader.watching(loaded, source: path, table: table, note: output.note) : nil
        let stop: @Sendable () -> Void = {
            reloader?.cancel()
            server.stop()
            output.note("stopped")
            output.close()
            Foundation.exit(0)
        }
        let sources = StopSignals.handle(stop)
        // The URL only once SIGINT and SIGTERM are handled (see `StopSignals`).
        output.line(server.url)
        output.note(
            "serving \"\(loaded.environment)\" of \(loaded.collectionFile): \(loaded.routes.count) route\(loaded.routes.count == 1 ? "" : "s")"
                + (watch ? ", watching for changes" : ""))
        withExtendedLifetime((sources, reloader)) { dispatchMain() }
    }
}
