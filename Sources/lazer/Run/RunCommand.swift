import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import Interop
import Replay
import Scripting
import Synchronization
import TerminalText
import WebSocketTransport
import Workspace

#if canImport(Glibc)
import Glibc
#endif

/// `lazer run`: replays collections headlessly — against a mock environment offline, or a live
/// one over libcurl — checks every expectation and tells CI what passed. The engine is the
/// `Replay` module; this command parses arguments and injects the `CurlDispatcher`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay collections: send their requests in order, check every expectation.",
        discussion: """
            PATH is a collection file or a folder of them (default: Collections). Requests
            run one after another in collection order, so values captured from a response
            (a login token) are there for the requests after it; with --parallel N, up to
            N at once, a request that uses a captured value waiting for the request that
            captures it. A request's "retry" policy in the collection sends it again on
            transport errors, 5xx or failed expectations. Redirects are followed (up to
            10 hops) unless a request's or its collection's options say otherwise, or
            --no-follow is given. Secret values are masked in every report.

            A "snapshot" expectation compares the response with its snapshot file
            (<collection>.snapshots/<request-id>.json beside the collection); one that is
            missing fails. --update-snapshots writes them from this run's responses and
            lists the files created or updated. --from-history sends nothing: each
            request's checks run against its latest history entry (no entry, or a body
            history cut short: the request reports no response, exit status 3).

            Reporters: human (the default), junit, json, tap, html. Each --output FILE goes
            to the next reporter other than human (to human when it is the only one); the
            others write to stdout, and only one may. The html report is one page that
            works offline: the summary, every request with its checks (expected and
            actual), what its scripts sent with pm.sendRequest and wrote to their console,
            the timeline of each exchange, and the request and response as sent and
            received (secrets masked, bodies cut after 2 KB with their size shown).

            --shard K/N runs the K-th of N parts of the run, for N CI jobs: whole
            top-level folders and top-level requests, never splitting requests where one
            uses a value another captures; the same collections and options give every
            job the same split. `lazer report merge` makes the shards' JSON reports one.

            Exit status:
              0  every check passed
              1  an expectation failed
              3  a request got no response (DNS, connection, TLS, timeout, ...)
              2  usage or collection errors (a broken file, an unknown environment or
                 request, a request that could not be built: an undefined variable,
                 a path and no environment)

            Examples:
              lazer run Collections/jsonplaceholder.json --env mock
              lazer run --folder Chaining --var userName=ada --no-history
              lazer run Collections/shop.json --env live --cookie-jar cookies.txt
              lazer run Collections/shop.json --env live --update-snapshots
              lazer run Collections/shop.json --from-history
              lazer run Collections/jsonplaceholder.json --env live --reporter junit \\
                --output report.xml
              lazer run Collections/jsonplaceholder.json --env mock --reporter html \\
                --output report.html
              lazer run Collections --shard 2/4 --reporter json --output shard-2.json
            """
    )

    @Argument(help: "Collection files or folders of them.", completion: .file())
    var paths: [String] = []

    @Option(help: "Environment to run in, by name (default: each collection's default environment).")
    var env: String?

    @Option(help: "Run only the requests under this folder (Folder/Sub).")
    var folder: String?

    @Option(name: .customLong("request"), help: "Run only this request: its id, name or Folder/Name (repeatable).")
    var requests: [String] = []

    @Option(
        name: .customLong("var"),
        help:
            "Set a variable, NAME=VALUE, or answer a {{$prompt \"Label\"}} / {{$select}}, 'Label=VALUE' (repeatable; wins over the collection's)."
    )
    var variables: [String] = []

    // `.unconditional`: `--repeat -1` is a value the range check refuses by name, not a missing one.
    @Option(
        parsing: .unconditional,
        help: "Requests in flight at once; one that uses a value an earlier one captures waits for it.")
    var parallel = 1

    @Option(
        name: .customLong("repeat"), parsing: .unconditional,
        help: "Run the selected requests this many times (captures start afresh each pass).")
    var repetitions = 1

    @Flag(help: "Stop after the first request that does not pass.")
    var bail = false

    @Option(parsing: .unconditional, help: "Timeout in seconds of each request whose collection sets none.")
    var timeout: Double?

    @Option(name: .customLong("reporter"), help: "human, junit, json, tap or html (repeatable).")
    var reporters: [String] = []

    @Option(name: .customLong("output"), help: "Write the next non-human reporter's report to FILE (repeatable).")
    var outputs: [String] = []

    @Option(
        help: ArgumentHelp(
            "Run only the K-th of N parts of the selected requests (whole top-level folders; K from 1 to N).",
            valueName: "K/N"))
    var shard: String?

    @Flag(name: .customLong("no-history"), help: "Do not append the exchanges to the collections' history.")
    var noHistory = false

    @Flag(
        name: .customLong("update-snapshots"),
        help: "Write each snapshot expectation's file from its response (created or updated) instead of comparing.")
    var updateSnapshots = false

    @Flag(
        name: .customLong("from-history"),
        help: "Send nothing: check each request against its latest history entry.")
    var fromHistory = false

    @Flag(
        name: .customLong("no-follow"),
        help: "Follow no redirect, whatever the collections say: each request reports its 3xx response.")
    var noFollow = false

    @Option(
        name: .customLong("cookie-jar"),
        help: ArgumentHelp(
            "Read cookies from FILE at the start (when it exists) and write the run's jar to it at the end.",
            discussion:
                "A Netscape cookie file, as curl's -b/-c. Without it a run starts with an empty jar kept in memory.",
            valueName: "FILE"), completion: .file())
    var cookieJar: String?

    @Flag(
        name: [.customLong("trust"), .customLong("trust-commands")],
        help: ArgumentHelp(
            "Let the collections' command auth run its shell commands.",
            discussion:
                "Without it a run whose requests get their token from a command stops before sending anything (exit status 3): a collection file from elsewhere must not run programs."
        ))
    var trustCommands = false

    @Flag(
        name: .customLong("trust-scripts"),
        help: ArgumentHelp(
            "Run the collections' pre-request and test scripts (JavaScript).",
            discussion:
                "Without it a request that has scripts is not sent (exit status 2): a script can send requests, so a collection from elsewhere runs them only when you say so."
        ))
    var trustScripts = false

    func validate() throws {
        _ = try parsedVariables()
        _ = try channels(colored: false)
        if let shard, RunShard(shard) == nil {
            throw ValidationError("--shard \(shard): expected K/N, two whole numbers with 1 <= K <= N (2/4).")
        }
        guard (1...256).contains(parallel) else { throw ValidationError("--parallel must be from 1 to 256.") }
        guard (1...100_000).contains(repetitions) else { throw ValidationError("--repeat must be from 1 to 100000.") }
        // The jar is written at the end: a file it cannot be written to is known before any request.
        if let cookieJar, cookieJar != "-" { try Self.checkWritable(cookieJar, option: "--cookie-jar") }
        // At most 2^31 - 1 milliseconds, what libcurl takes (as `lazer send --timeout`).
        if let timeout, !(timeout > 0 && timeout <= 2_147_483) {
            throw ValidationError("--timeout must be a positive number of seconds, at most 2147483.")
        }
    }

    /// A file a run writes (a report, a cookie jar) named like a collection it loads would replace
    /// the collection: refused before any request is sent.
    static func checkSparesCollections(_ files: [(option: String, file: String)], of plan: RunPlan) throws {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardized.resolvingSymlinksInPath().path
        }
        guard !files.isEmpty else { return }
        // Resolving a path reads the file system for each of its components: once per collection
        // file, not once per request (a 1,000-request run spent 10 ms here).
        let collections = Set(Set(plan.items.map(\.document.path)).map(resolved))
        for (option, file) in files where collections.contains(resolved(file)) {
            throw ValidationError("\(option) \(file) is a collection this run loads: name another file.")
        }
    }

    /// A file the run writes at its end (`--output`, `--cookie-jar`) can be: its folder exists and
    /// the path is not a folder itself.
    static func checkWritable(_ path: String, option: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
            isFolder.boolValue
        else { throw ValidationError("\(option) \(path): there is no folder \(folder).") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("\(option) \(path) is a folder: give a file in it.")
        }
    }

    /// The largest response body `lazer run` keeps in memory; larger ones are spilled and mapped.
    static let memoryLimit = 16 << 20

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // A body over 16 MB goes to a temporary file, which the checks map rather than read: a large
        // response is held as its index and a window, not as the transport's copy and the checks' one.
        let dispatcher = CurlDispatcher(
            configuration: .init(
                scheduler: ImmediateScheduler(), memoryLimit: Self.memoryLimit,
                userAgent: "lazer/\(LazerVersion.current)"))
        // Join the network thread before the process exits: libcurl must not run during exit's cleanup.
        defer { dispatcher.shutdown() }
        let services = WorkspaceServices(
            directories: UserDirectories(environment: environment), liveDispatcher: dispatcher,
            // Futures deliver where they complete (the network thread, or the mock's caller): the
            // runner only resumes its task there, and each hop to another queue costs a thread
            // wake-up per request — most of a loopback request's time on a busy machine.
            scheduler: ImmediateScheduler(), contractSources: .lazer,
            webSockets: NIOWebSocketConnector(tunnel: CurlTLSTunnel()), scripts: JavaScriptEngine())
        // The engine's first use, on a thread of its own, overlaps parsing a collection file that
        // may hold scripts and what comes before the first script (a run without scripts never loads it).
        var plan = try RunPlan.load(
            paths, environment: env, folder: folder, requests: requests, services: services, command: "run",
            startsScripts: trustScripts)
        try Self.checkSparesCollections(
            outputs.map { ("--output", $0) }
                + [cookieJar].compactMap { $0 == "-" ? nil : $0.map { ("--cookie-jar", $0) } },
            of: plan)
        let part = shard.flatMap(RunShard.init)
        var positions: [Int]?
        if let part {
            (plan, positions) = part.select(plan, environment: env)
            if plan.items.isEmpty {
                FileBytes.writeError("lazer run: shard \(part) has no requests (the run has fewer units than shards)\n")
            }
        }
        try checkCommandTrust(plan, services: services)
        let standardOutput = Mutex(FileBytes.StandardOutput())
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let terminal = isatty(1) != 0
        let channels = try channels(colored: terminal && !noColor)
        let showsProgress =
            terminal && channels.contains { $0.destination == .standardOutput && $0.reporter is HumanReporter }
        let output = RunOutput(
            channels: channels, progressTotal: showsProgress ? plan.items.count * repetitions : nil,
            flushDelay: RunOutput.standardFlushDelay
        ) { text in
            // A closed pipe (`lazer run | head`) or a full disk ends the output, not the run.
            standardOutput.withLock { output in
                var text = text
                text.withUTF8 { output.write($0) }
            }
        }
        let given = try parsedVariables()
        var configuration = RunConfiguration(
            environment: env, variables: given.variables, bail: bail,
            timeout: timeout.map { .milliseconds(Int64(($0 * 1000).rounded(.up))) }, recordHistory: !noHistory,
            parallel: parallel,
            repetitions: repetitions)
        configuration.followRedirects = !noFollow
        configuration.updateSnapshots = updateSnapshots
        configuration.fromHistory = fromHistory
        configuration.trustScripts = trustScripts
        // Nothing is exchanged: history must not gain copies of its own entries.
        if fromHistory { configuration.recordHistory = false }
        configuration.answers = given.answers
        // Headers and cut bodies are kept only for the reports that show them.
        configuration.keepsExchangeDetails = channels.contains {
            $0.reporter is HTMLReporter || $0.reporter is JSONReporter
        }
        // Every request of the run shares one jar: a login's cookie reaches the requests after it.
        do {
            configuration.cookieJar = try cookieJar.flatMap(CookieFiles.read) ?? CookieJar()
        } catch {
            FileBytes.writeError("lazer run: \(TerminalText.line(error.message))\n")
            throw ExitCode(RunExitStatus.collectionError)
        }
        // Said once: the run goes on (history is not the work), but the user knows it is not kept.
        let historyWarned = Mutex(false)
        configuration.historyFailed = { message in
            guard
                historyWarned.withLock({ warned in
                    defer { warned = true }
                    return !warned
                })
            else { return }
            FileBytes.writeError("lazer run: warning: history not saved: \(TerminalText.line(message))\n")
        }
        let runner = ReplayRunner(services: services, configuration: configuration)
        // One request at a time: the run's task lives on the network thread (see
        // `CurlDispatcher.taskExecutor`), so a request costs no thread wake-ups. Parallel runs keep
        // the pool, where checks of several responses can use more than one core.
        let selected = plan
        var (report, signalStatus) = Self.wait(on: parallel == 1 ? dispatcher.taskExecutor : nil) {
            await runner.run(selected) { output.finished($0) }
        }
        if let part, let positions, !positions.isEmpty {
            // Each pass's results are in plan order: their places in the whole run, for `report merge`.
            report.shard = part.description
            for index in report.results.indices {
                report.results[index].position = positions[index % positions.count]
            }
        } else if let part {
            report.shard = part.description
        }
        var cookiesLost = false
        if let cookieJar, let jar = configuration.cookieJar {
            do {
                try CookieFiles.write(jar, to: cookieJar)
            } catch {
                // The session the next step needs is lost: not a success, as a report not written.
                FileBytes.writeError("lazer run: \(TerminalText.line(error.message))\n")
                cookiesLost = true
            }
        }
        do {
            try output.finish(report)
        } catch {
            FileBytes.writeError("lazer run: the report was not written: \(TerminalText.line("\(error)"))\n")
            throw ExitCode(RunExitStatus.collectionError)
        }
        let written = standardOutput.withLock { $0 }
        if !written.succeeded {
            FileBytes.writeError("lazer run: cannot write the output: \(String(cString: strerror(written.failure)))\n")
            // The run's own status stays (a failed check, no response); a passing run is not a success.
            throw ExitCode(report.exitStatus == 0 ? RunExitStatus.expectationFailed : report.exitStatus)
        }
        if let signalStatus {
            FileBytes.writeError("lazer run: interrupted\n")
            throw ExitCode(signalStatus)
        }
        if cookiesLost, report.exitStatus == 0 { throw ExitCode(RunExitStatus.collectionError) }
        throw ExitCode(report.exitStatus)
    }

    /// `--trust` lets every command auth of the run run; without it, a plan with a request whose
    /// auth in force runs a command stops here, naming the commands, with exit status 3.
    private func checkCommandTrust(_ plan: RunPlan, services: WorkspaceServices) throws {
        if trustCommands {
            services.commandTokens.trustEveryCollection()
            return
        }
        var commands: [String: Set<String>] = [:]
        for item in plan.items {
            if case .command(let command) = item.authInForce.auth.scheme {
                commands[item.collectionName, default: []].insert(command.command)
            }
        }
        guard !commands.isEmpty else { return }
        var message = ""
        for (name, listed) in commands.sorted(by: { $0.key < $1.key }) {
            message +=
                "lazer run: \(TerminalText.line(name)) gets its auth token by running "
                + listed.sorted().map { "`\(TerminalText.line($0))`" }.joined(separator: ", ") + "\n"
        }
        message += "lazer run: nothing was sent: pass --trust to let these commands run\n"
        FileBytes.writeError(message)
        throw ExitCode(RunExitStatus.noResponse)
    }

    /// `--var NAME=VALUE` pairs: every pair answers the prompt of that label; those whose name is a
    /// variable name set that variable too.
    func parsedVariables() throws -> VarArguments {
        try VarArguments.parse(variables)
    }

    /// The reporters and where each writes (see the discussion above).
    func channels(colored: Bool) throws -> [RunOutput.Channel] {
        var kinds: [ReporterKind] = []
        for name in reporters {
            guard let kind = ReporterKind(rawValue: name) else {
                throw ValidationError(
                    "--reporter \(name): expected one of \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            kinds.append(kind)
        }
        if kinds.isEmpty { kinds = [.human] }
        let takers =
            kinds.contains { $0 != .human } ? kinds.indices.filter { kinds[$0] != .human } : Array(kinds.indices)
        guard outputs.count <= takers.count else {
            throw ValidationError("\(outputs.count) --output files for \(takers.count) reporters that can take one.")
        }
        // Checked before any request is sent: a report that cannot be written is known now.
        for (index, path) in outputs.enumerated() {
            guard !outputs[..<index].contains(path) else {
                throw ValidationError("--output \(path) is given twice: each report needs a file of its own.")
            }
            try Self.checkWritable(path, option: "--output")
        }
        var destinations = Array(repeating: RunOutput.Destination.standardOutput, count: kinds.count)
        for (index, path) in zip(takers, outputs) { destinations[index] = .file(path) }
        guard destinations.count(where: { $0 == .standardOutput }) <= 1 else {
            throw ValidationError("Several reporters would write to stdout: give each but one an --output FILE.")
        }
        return kinds.indices.map { index in
            let destination = destinations[index]
            return RunOutput.Channel(
                reporter: kinds[index].reporter(colored: colored && destination == .standardOutput),
                destination: destination)
        }
    }

    /// Runs `work` on `executor` (the concurrency pool when `nil`) and blocks this (main) thread
    /// until it returns; with the exit status of a signal that cancelled it, if one did.
    static func wait(
        on executor: (any TaskExecutor)?, _ work: @escaping @Sendable () async -> RunReport
    ) -> (report: RunReport, signalStatus: Int32?) {
        let box = Mutex<RunReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        // SIGINT, SIGTERM, SIGHUP: the request in flight is cancelled (the transport removes its
        // temporary body file), the rest are reported skipped, and the command exits 128 + the signal.
        // The handlers are in place before the work starts (a signal in between was lost under load,
        // and the run went on to its end); one that comes before the task is known cancels it below.
        let running = Mutex<Task<Void, Never>?>(nil)
        let signals = TerminationSignals { _ in running.withLock { $0?.cancel() } }
        let task = Task.detached(executorPreference: executor) {
            let report = await work()
            box.withLock { $0 = report }
            done.signal()
        }
        running.withLock { $0 = task }
        if signals.received != nil { task.cancel() }
        done.wait()
        let report = box.withLock { $0 } ?? RunReport(results: [], environment: nil, startedAt: Date(), duration: .zero)
        return (report, signals.exitStatus)
    }
}
