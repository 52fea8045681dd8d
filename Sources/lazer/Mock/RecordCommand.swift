import AnnotatedLocks
import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import Interop
import MockServer
import Replay
import Synchronization
import TerminalText
import WebSocketTransport
import Workspace

#if canImport(Glibc)
import Glibc
#endif

/// `lazer record`: turns live traffic into routes of a mock environment — by replaying a
/// collection's requests through the replay engine (`--from`), or as a recording proxy
/// (`--proxy`). `MockRecorder` writes the routes; secrets never reach the file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record live responses as routes of a mock environment.",
        discussion: """
            With --from ENV, the collection's requests (all, or --folder / --request) are
            sent to the live environment ENV as `lazer run` sends them, and each answer
            becomes a route of the mock environment --into (created when missing): the
            request's matchers, status, the headers that describe the body, the body in a
            file under mocks/<collection>/<env>/, and the time when it was slow. Then
            `lazer run --env MOCK` answers offline.

            With --proxy PORT --target URL, lazer listens on PORT and forwards every
            plain-HTTP request to URL; each exchange becomes a route, saved at once. Stop
            with Ctrl+C.

            Secrets are never written: Authorization, cookies and headers holding a secret
            value are dropped, secret values in bodies are masked, path segments holding
            one become wildcards; everything dropped is listed.

            Each request gets a route of its own: its method, path, query items and (up to
            8 KiB) JSON body are the route's matchers, so /search?q=a and ?q=b are two
            routes. Values written with a placeholder in the collection ({{$uuid}},
            {{user}}) and values holding a secret are not matched on. The same request
            recorded twice in one recording makes a sequence (answered in turn, cycling).
            A route the mock environment already has for the same request is asked about
            on a terminal (y, n, a: replace all, k: keep all), replaced with --update,
            kept with --keep (the default when not on a terminal, and listed) — never
            duplicated.

            Exit status: 0 recorded; 3 a request got no answer (the server could not be
            reached: listed, not recorded; when nothing was recorded the file is
            unchanged); 2 usage or collection errors; 1 the collection could not be saved.

            Examples:
              lazer record Collections/httpbin.json --from local --into recorded
              lazer record Collections/httpbin.json --from local --into recorded \\
                --folder Methods --update
              lazer record Collections/app.json --into recorded --proxy 9090 \\
                --target http://127.0.0.1:8080
            """
    )

    @Argument(help: "The collection file to record into.", completion: .file())
    var path: String

    @Option(help: "The live environment to replay the requests against.")
    var from: String?

    @Option(help: "The mock environment to write the routes into (created when missing).")
    var into: String

    @Option(help: "Record only the requests under this folder (Folder/Sub).")
    var folder: String?

    @Option(name: .customLong("request"), help: "Record only this request: its id, name or Folder/Name (repeatable).")
    var requests: [String] = []

    @Option(help: "Listen on this port as a recording proxy (0 picks a free one).")
    var proxy: Int?

    @Option(help: "Where the recording proxy forwards to (an http:// URL).")
    var target: String?

    @Option(help: "The address the recording proxy listens on.")
    var host = "127.0.0.1"

    @Flag(help: "Replace the answers of routes the mock environment already has.")
    var update = false

    @Flag(help: "Keep routes the mock environment already has, without asking.")
    var keep = false

    func validate() throws {
        guard update == false || keep == false else {
            throw ValidationError("--update and --keep contradict each other.")
        }
        if let proxy {
            guard (0...65535).contains(proxy) else { throw ValidationError("--proxy must be a port from 0 to 65535.") }
            guard let target, let url = URL(string: target), url.scheme == "http", url.host != nil else {
                throw ValidationError("--proxy needs --target http://HOST[:PORT] (plain HTTP).")
            }
            guard from == nil else { throw ValidationError("--from and --proxy are two ways to record: pick one.") }
        } else {
            guard from != nil else { throw ValidationError("Give --from ENV (replay) or --proxy PORT --target URL.") }
        }
    }

    private var policy: MockRecorder.ExistingRoutes { update ? .update : keep ? .keep : .ask }

    func run() throws {
        let dispatcher = CurlDispatcher(
            configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
        defer { dispatcher.shutdown() }
        let services = WorkspaceServices(
            directories: UserDirectories(environment: ProcessInfo.processInfo.environment),
            liveDispatcher: dispatcher, scheduler: DispatchQueueScheduler(DispatchQueue(label: "lazer.record")),
            contractSources: .lazer, webSockets: NIOWebSocketConnector(tunnel: CurlTLSTunnel()))
        // A folder would record into whichever collection it lists first.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            FileBytes.writeError(
                "lazer record: \(TerminalText.line(path)) is a folder: name the collection file to record into\n")
            throw ExitCode(2)
        }
        let loaded = RunLoader.load([path], services: services)
        guard let document = loaded.documents.first, loaded.failures.isEmpty else {
            let problems = loaded.diagnostics.filter { $0.severity == .error }.map(\.description) + loaded.failures
            FileBytes.writeError(problems.map { "lazer record: \(TerminalText.lineWithExcerpt($0))\n" }.joined())
            throw ExitCode(2)
        }
        let recorder: MockRecorder
        do {
            recorder = try MockRecorder(document: document, environment: into, existing: policy, ask: Self.asker())
        } catch {
            FileBytes.writeError("lazer record: \(TerminalText.line(error.description))\n")
            throw ExitCode(2)
        }
        if let proxy {
            try runProxy(port: proxy, recorder: recorder, dispatcher: dispatcher, services: services)
        } else {
            try replay(document: document, recorder: recorder, services: services)
        }
    }

    // MARK: - Replay

    private func replay(document: CollectionDocument, recorder: MockRecorder, services: WorkspaceServices) throws {
        let plan: RunPlan
        do {
            plan = try RunPlan.select(from: [document], environment: from, folder: folder, requests: requests)
        } catch {
            FileBytes.writeError("lazer record: \(TerminalText.line(error.message))\n")
            throw ExitCode(2)
        }
        let exchanges = Mutex<[RecordedExchange]>([])
        let configuration = RunConfiguration(environment: from, recordHistory: false)
        let runner = ReplayRunner(services: services, configuration: configuration) { exchange in
            let basePath = services.serverProvider.baseURL?.path(percentEncoded: true) ?? ""
            let recorded = Self.recorded(exchange, basePath: basePath)
            exchanges.withLock { $0.append(recorded) }
        }
        // A signal cancels the request in flight (no temporary file left); what was recorded before it is saved.
        let (report, signalStatus) = RunCommand.wait(on: nil) { await runner.run(plan) }
        var recorder = recorder
        do {
            for exchange in exchanges.withLock({ $0 }) { try recorder.add(exchange) }
            // Nothing recorded (a server that could not be reached, routes kept): the file stays as it was.
            if !recorder.recorded.isEmpty { try recorder.save(with: services) }
        } catch {
            FileBytes.writeError("lazer record: the recording was not saved: \(TerminalText.line("\(error)"))\n")
            throw ExitCode(1)
        }
        print(Self.summary(recorder, file: document.path, sent: report.results.count))
        if let signalStatus {
            FileBytes.writeError("lazer record: interrupted\n")
            throw ExitCode(signalStatus)
        }
        // As `lazer run`: a request that got no response is exit status 3 (CI must not take it for a recording).
        if !recorder.unanswered.isEmpty { throw ExitCode(3) }
    }

    static func recorded(_ exchange: ReplayExchange, basePath: String) -> RecordedExchange {
        let url = try? exchange.request.url()
        let (path, query) = url.map { RecordedExchange.target(of: $0, basePath: basePath) } ?? ("/", "")
        let outcome: RecordedExchange.Outcome
        switch exchange.outcome {
        case .success(let response):
            outcome = .response(status: response.statusCode.rawValue, headers: response.headers, body: exchange.body)
        case .failure(let error):
            outcome = .failure((error as? TransportError)?.reason ?? .other(code: 0, message: ""))
        }
        var recorded = RecordedExchange(
            method: exchange.request.method.rawValue, path: path, query: query,
            requestBody: exchange.request.body.inMemoryData.map(Array.init),
            template: RecordedMatchers.Template(exchange.item.request), outcome: outcome,
            duration: exchange.duration,
            // What the client sent as credentials is masked wherever the server echoes it.
            redactor: exchange.redactor.adding(
                Redactor.credentials(sentIn: exchange.request.headers) + Redactor.credentials(sentInQuery: query)),
            label: (exchange.item.folderPath + [exchange.item.request.name]).joined(separator: "/"))
        recorded.streamEvents = exchange.streamEvents
        if let records = exchange.webSocket {
            recorded.webSocket = RecordedConversation(
                entries: records.map { .init(sent: $0.direction == .sent, message: $0.message, offset: $0.offset) },
                serverClose: records.last?.serverClose)
        }
        return recorded
    }

    // MARK: - Proxy

    private func runProxy(
        port: Int, recorder: MockRecorder, dispatcher: any DataDispatcher, services: WorkspaceServices
    ) throws {
        guard let target, let targetURL = URL(string: target) else { throw ExitCode(2) }
        let state = Mutex(recorder)
        let output = MockOutput(logFile: nil)
        let redactor = Redactor(secrets: recorder.document.secretValues)
        let recording = DispatchQueue(label: "lazer.record.proxy")
        let server: RecordingProxy
        do {
            server = try RecordingProxy(target: targetURL, dispatcher: dispatcher, host: host, port: port) {
                request, result, duration in
                let url = (try? request.url()) ?? targetURL
                let outcome: RecordedExchange.Outcome
                switch result {
                case .success(let response):
                    outcome = .response(
                        status: response.statusCode.rawValue, headers: response.headers,
                        body: (try? response.body.bytes()) ?? [])
                case .failure(let error):
                    outcome = .failure((error as? TransportError)?.reason ?? .other(code: 0, message: ""))
                }
                let (path, query) = RecordedExchange.target(
                    of: url, basePath: targetURL.path(percentEncoded: true))
                // What the client sent as credentials is masked wherever the upstream echoes it.
                let redactor = redactor.adding(
                    Redactor.credentials(sentIn: request.headers) + Redactor.credentials(sentInQuery: query))
                let exchange = RecordedExchange(
                    method: request.method.rawValue, path: path, query: query,
                    requestBody: request.body.inMemoryData.map(Array.init), outcome: outcome, duration: duration,
                    redactor: redactor,
                    label: redactor.redact("\(request.method.rawValue) \(path)" + (query.isEmpty ? "" : "?\(query)")))
                // Off the transport's thread, in arrival order: a question about an existing
                // route waits for the user without holding up the client's answer or other transfers.
                recording.async {
                    state.withLock { recorder in
                        let before = (
                            recorder.recorded.count, recorder.dropped.count, recorder.kept.count,
                            recorder.unanswered.count
                        )
                        do {
                            try recorder.add(exchange)
                            // Nothing new (no answer, a route kept): the file stays as it was.
                            if recorder.recorded.count > before.0 { try recorder.save(with: services) }
                        } catch {
                            output.note("not saved: \(error)")
                        }
                        for line in recorder.recorded.dropFirst(before.0) {
                            output.line(TerminalText.line("recorded \(line)"))
                        }
                        for line in recorder.dropped.dropFirst(before.1) { output.note("dropped \(line)") }
                        for line in recorder.unanswered.dropFirst(before.3) { output.note("not recorded \(line)") }
                        for line in recorder.kept.dropFirst(before.2) {
                            output.note("kept the existing route \(line) (--update replaces it)")
                        }
                    }
                }
            }
        } catch {
            FileBytes.writeError("lazer record: cannot listen on \(TerminalText.line(host)):\(port): \(error)\n")
            throw ExitCode(1)
        }
        let sources = StopSignals.handle {
            server.stop()
            // Exchanges already answered are saved first (a question still open is not waited for long).
            let drained = DispatchSemaphore(value: 0)
            recording.async { drained.signal() }
            _ = drained.wait(timeout: .now() + 2)
            output.note("stopped")
            Foundation.exit(0)
        }
        // The URL only once SIGINT and SIGTERM are handled (see `StopSignals`).
        output.line(server.url)
        output.note("recording \(target) into \"\(into)\" of \(path); stop with Ctrl+C")
        withExtendedLifetime(sources) { dispatchMain() }
    }

    // MARK: - Helpers

    /// On a terminal, asks whether to replace an existing route — `y` replaces it, `n` (or just
    /// Enter, or end of input) keeps it, `a` replaces it and every later one without asking, `k`
    /// keeps every later one too; elsewhere `nil` (keep it, and say so).
    static func asker() -> (@Sendable (String) -> Bool)? {
        guard isatty(0) != 0 else { return nil }
        let forAll = AnswerForAll()
        return { route in
            if let decided = forAll.value.withLock({ $0 }) { return decided }
            FileBytes.writeError(
                "lazer record: the mock environment already has \(TerminalText.line(route)); replace its answers? "
                    + "[y/N, a: replace all, k: keep all] ")
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            switch answer {
            case "a", "all":
                forAll.value.withLock { $0 = true }
                return true
            case "k":
                forAll.value.withLock { $0 = false }
                return false
            default:
                return answer == "y" || answer == "yes"
            }
        }
    }

    static func summary(_ recorder: MockRecorder, file: String, sent: Int) -> String {
        var lines = [
            "Recorded \(recorder.recorded.count) of \(sent) exchanges into \"\(recorder.environment)\" of \(file)"
                + (recorder.recorded.isEmpty ? " (the file is unchanged)" : ":")
        ]
        lines += recorder.recorded.map { "  " + $0 }
        if !recorder.unanswered.isEmpty {
            lines.append("Not recorded (no answer):")
            lines += recorder.unanswered.map { "  " + $0 }
        }
        if !recorder.kept.isEmpty {
            lines.append("Kept as they were (--update replaces them):")
            lines += recorder.kept.map { "  " + $0 }
        }
        if !recorder.dropped.isEmpty {
            // A binary message is no secret: the heading names both kinds of what was left out.
            lines.append("Not written (secrets, credentials and what a mock cannot replay):")
            lines += Self.counted(recorder.dropped).map { "  " + $0 }
        }
        return lines.map { TerminalText.line($0) }.joined(separator: "\n")
    }

    /// The same line repeated in a row once, with how many times (three binary messages of one
    /// conversation were three identical lines).
    static func counted(_ lines: [String]) -> [String] {
        var result: [(line: String, count: Int)] = []
        for line in lines {
            if let last = result.last, last.line == line {
                result[result.count - 1].count += 1
            } else {
                result.append((line, 1))
            }
        }
        return result.map { $0.count == 1 ? $0.line : "\($0.line) (\($0.count) times)" }
    }
}

/// The answer given for every later existing route (`a` or `k`), once there is one.
private final class AnswerForAll: Sendable {
    let value = Mutex<Bool?>(nil)
}
