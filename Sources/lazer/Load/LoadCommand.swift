import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import Load
import LoadTransport
import Replay
import Scripting
import Synchronization
import TerminalText
import Workspace

/// `lazer load`: load from a collection's requests — the open model (a constant or ramping
/// arrival rate) or the closed model (virtual users) — through Replay's execution, with HDR
/// latency percentiles, checks, errors by kind, thresholds for CI and a JSON summary. Headless;
/// the engine is the `Load` module.
struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load test requests of a collection: a constant arrival rate or virtual users.",
        discussion: """
            Open model (requests start on a schedule, whatever the server does; latencies
            are measured from each request's intended start, so a stalled server shows in
            the percentiles): --rate 500/s --duration 60s, or ramps: --stage 30s:100/s
            --stage 60s:1000/s (each stage ramps linearly from the rate before it, --rate
            or 0, to its own). The selected requests are sent in turn, each with the
            collection's variables and --var values (captures do not chain between them).

            Closed model: --vus 32 with --duration 60s or --iterations N: each virtual user
            sends the selected requests in order, again and again, with its own captures.

            Each request is prepared, sent and checked as lazer run does (no history).
            After the first of each, a request that does not change between sends (no
            scripts, captures, fresh values, per-send auth; plain http) goes again as the
            bytes libcurl sent, over kept-alive connections of a faster engine; --engine
            curl or --connections keeps every request on libcurl (docs/load.md).
            The summary gives p50, p90, p99, p99.9 and max, throughput, bytes, statuses,
            errors by kind and each expectation's pass rate; --output FILE writes it as
            JSON (docs/load.md); --html FILE writes a report that opens offline (latency
            over time, the histogram, percentiles, statuses, errors, checks, thresholds).
            --report html and --report json write them to load-report.html and
            load-summary.json when --html and --output name no file. --hdr-log FILE
            writes each second's latency histogram as an HdrHistogram interval log
            (HistogramLogAnalyzer and the hdrh libraries read it).

            Thresholds (repeatable): p99<200ms, p99.9<=1s, max<2s, errors<1% (requests
            without a response), checks>=99% (expectations), rate>=0.99*target or
            rate>=450 (the achieved arrival rate of the open model).

            Exit status:
              0  every threshold held
              1  a threshold failed
              2  usage or collection errors
              3  no request got a response

            Examples:
              lazer load Collections/shop.json --request list --env staging --rate 200/s --duration 30s
              lazer load --folder Checkout --env staging --vus 16 --iterations 50 --threshold 'p99<300ms'
              lazer load Collections/shop.json --env staging --rate 100/s --duration 1m --report html
            """
    )

    @Argument(help: "Collection files or folders of them.", completion: .file())
    var paths: [String] = []

    @Option(help: "Environment to run in, by name (default: each collection's default environment).")
    var env: String?

    @Option(help: "Load only the requests under this folder (Folder/Sub).")
    var folder: String?

    @Option(name: .customLong("request"), help: "Load only this request: its id, name or Folder/Name (repeatable).")
    var requests: [String] = []

    @Option(name: .customLong("var"), help: "Set a variable, NAME=VALUE (repeatable; wins over the collection's).")
    var variables: [String] = []

    @OptionGroup var load: LoadModelOptions

    @Option(parsing: .unconditional, help: "Timeout in seconds of each request whose collection sets none.")
    var timeout: Double?

    @Flag(
        name: .customLong("trust-scripts"),
        help: "Run the collections' pre-request and test scripts (without it a request with scripts is not sent).")
    var trustScripts = false

    @Option(
        parsing: .unconditional,
        help: """
            At most N connections to each host, reused (default: 64 for the open model, one per \
            virtual user for the closed one); requests past them wait, their wait counted. With it, \
            every request goes through libcurl (the keep-alive engine's connections would come beside).
            """)
    var connections: Int?

    /// The keep-alive engine, unless `--engine curl` or `--connections` (a cap on connections holds
    /// exactly only with libcurl alone: the engine's connections come beside those libcurl opened
    /// for the first requests).
    func keepAliveDriver(for model: LoadModel) -> NIOKeepAliveDriver? {
        guard engine == .auto, connections == nil else { return nil }
        guard case .closed(let vus, _, _) = model else {
            // The open model's schedule runs on one event loop.
            return NIOKeepAliveDriver(threads: 1)
        }
        // Half the cores: one event loop sends 100 k requests a second, and a server on the same
        // machine needs the rest (2 cores, a one-worker nginx: two loops 86 k requests/s, one 99–117 k).
        return NIOKeepAliveDriver(threads: max(1, min(vus, ProcessInfo.processInfo.activeProcessorCount / 2)))
    }

    /// The per-host connection cap: without one, the open model's requests in flight past
    /// libcurl's idle cache each opened a connection and closed it after one request (5,000/s
    /// against nginx: most requests paid a handshake, the generator fell behind and p50 was 364 ms).
    func connectionCap(for model: LoadModel) -> Int {
        if let connections { return connections }
        if case .closed(let vus, _, _) = model { return max(1, vus) }
        return LoadRunner.defaultConnections
    }

    @Option(
        help: """
            How requests are sent: auto (after the first of each, through libcurl, the requests go \
            again as the bytes libcurl sent, over kept-alive connections, when none of them changes \
            between sends: docs/load.md) or curl (every request through libcurl).
            """)
    var engine: LoadEngineChoice = .auto

    @Option(
        help: """
            How long requests still in flight when the schedule ends may take before they are \
            cancelled and counted as such (default 10s; 0s: at once).
            """)
    var grace: String?

    @Option(help: "Write the summary as JSON to FILE.")
    var output: String?

    @Option(help: "Write the report as one self-contained HTML file (charts, percentiles, checks) to FILE.")
    var html: String?

    @Option(
        name: .customLong("hdr-log"),
        help: "Write each second's latency histogram to FILE as an HdrHistogram interval log (format 1.3).")
    var hdrLog: String?

    @Option(
        name: .customLong("report"),
        help: """
            Write a report: html (to --html FILE, else \(Self.defaultHTML)) or json (to --output FILE, \
            else \(Self.defaultJSON)); repeatable.
            """)
    var reports: [ReportFormat] = []

    /// `--report`'s formats, as issue 29 spells the option (`--html`/`--output` name the files).
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case html, json
    }

    static let defaultHTML = "load-report.html"
    static let defaultJSON = "load-summary.json"

    /// Where the HTML report goes: `--html`, or the default name when `--report html` asks for one.
    var htmlFile: String? { html ?? (reports.contains(.html) ? Self.defaultHTML : nil) }

    /// Where the JSON summary goes: `--output`, or the default name when `--report json` asks for one.
    var jsonFile: String? { output ?? (reports.contains(.json) ? Self.defaultJSON : nil) }

    /// The files the run writes, checked before any request goes out (an hour's run was lost to
    /// a missing folder) and told apart (the HTML report overwrote a JSON summary of the same name).
    var outputFiles: [(option: String, file: String)] {
        [("--output", jsonFile), ("--html", htmlFile), ("--hdr-log", hdrLog)].compactMap { option, file in
            file.map { (option, $0) }
        }
    }

    func checkOutputFiles() throws {
        let files = outputFiles
        var seen: [String: String] = [:]
        for (option, file) in files {
            try RunCommand.checkWritable(file, option: option)
            let path = URL(fileURLWithPath: file).standardized.path
            if let other = seen[path] {
                throw ValidationError("\(other) and \(option) name the same file \(file): give each its own.")
            }
            seen[path] = option
        }
    }

    func run() throws {
        let model = try load.model()
        if let connections, connections < 1 || connections > 10_000 {
            throw ValidationError("--connections takes 1 to 10000.")
        }
        let limits = try load.parsedThresholds(for: model)
        let graceTime: Duration
        do throws(LoadArguments.Problem) {
            graceTime =
                try grace.map { text throws(LoadArguments.Problem) in
                    try LoadArguments.duration(text, allowingZero: true)
                } ?? LoadRunner.defaultGrace
        } catch {
            throw ValidationError("--grace: " + error.description + ".")
        }
        try checkOutputFiles()
        let given = try VarArguments.parse(variables)
        let environment = ProcessInfo.processInfo.environment
        let dispatcher = CurlDispatcher(
            configuration: .init(
                scheduler: ImmediateScheduler(), maxConnectionsPerHost: connectionCap(for: model),
                userAgent: "lazer/\(LazerVersion.current)"))
        defer { dispatcher.shutdown() }
        let services = WorkspaceServices(
            directories: UserDirectories(environment: environment), liveDispatcher: dispatcher,
            scheduler: ImmediateScheduler(), contractSources: .lazer, scripts: JavaScriptEngine())
        let plan = try RunPlan.load(
            paths, environment: env, folder: folder, requests: requests, services: services, command: "load",
            startsScripts: trustScripts)
        try RunCommand.checkSparesCollections(outputFiles, of: plan)
        // Requests with scripts are not sent without trust: the whole run would count them as
        // errors (exit 3 after the full duration), so it is refused before it starts.
        if !trustScripts, plan.hasScripts {
            throw ValidationError(
                "the requests selected have scripts, which run only when trusted: pass --trust-scripts "
                    + "(a script can send requests of its own)")
        }
        var configuration = RunConfiguration(
            environment: env, variables: given.variables,
            timeout: timeout.map { .milliseconds(Int64(($0 * 1000).rounded(.up))) }, recordHistory: false)
        configuration.answers = given.answers
        configuration.cookieJar = CookieJar()
        configuration.trustScripts = trustScripts
        let stats = LoadStats(keepsIntervalLog: hdrLog != nil)
        let started = Date()
        let runner = ReplayRunner(services: services, configuration: configuration) { exchange in
            stats.received(bytes: exchange.body.count, connectionsOpened: exchange.connectionsOpened)
        }
        let keepAlive = keepAliveDriver(for: model)
        defer { keepAlive?.shutdown() }
        let load = LoadRunner(
            runner: runner, plan: plan, model: model, stats: stats, inFlightLimit: connectionCap(for: model),
            keepAlive: keepAlive)
        let elapsed = Mutex<Duration>(.zero)
        let (_, signalStatus) = RunCommand.wait(on: nil) {
            elapsed.withLock { $0 = .zero }
            let time = await load.run(cancellingAfter: graceTime)
            elapsed.withLock { $0 = time }
            return RunReport(results: [], environment: nil, startedAt: Date(), duration: time)
        }
        let summary = stats.summary(model: model, elapsed: elapsed.withLock { $0 })
        let verdicts = limits.map { $0.judge(summary) }
        var text = summary.text()
        for verdict in verdicts {
            text +=
                "threshold \(verdict.threshold.text): \(verdict.passed ? "passed" : "FAILED") (\(LoadSummary.shown(verdict)))\n"
        }
        var standardOutput = FileBytes.StandardOutput()
        var shown = TerminalText.lines(text)
        shown.withUTF8 { standardOutput.write($0) }
        try standardOutput.checkSucceeded(command: "lazer load")
        if let output = jsonFile {
            do {
                let data = try JSONSerialization.data(
                    withJSONObject: summary.json(thresholds: verdicts), options: [.prettyPrinted, .sortedKeys])
                // Request names and error texts come from collections and servers: every JSON writer's
                // output goes through jsonSafe (C1, bidi and invisible characters escaped).
                let json = TerminalText.jsonSafe(String(decoding: data, as: UTF8.self))
                try AtomicFile.write(Array(json.utf8) + [10], to: output)
            } catch {
                FileBytes.writeError("lazer load: the summary was not written: \(TerminalText.line("\(error)"))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
        }
        if let hdrLog {
            do {
                try AtomicFile.write(Array(stats.intervalLog(start: started).utf8), to: hdrLog)
            } catch {
                FileBytes.writeError("lazer load: the HDR log was not written: \(TerminalText.line("\(error)"))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
        }
        if let html = htmlFile {
            let title = Array(Set(plan.items.map(\.document.collection.name))).sorted().joined(separator: ", ")
            let report = LoadHTMLReport(
                summary: summary, verdicts: verdicts, title: title, generated: Date().ISO8601Format())
            do {
                let clock = ContinuousClock()
                let start = clock.now
                let bytes = Array(report.html().utf8)
                try AtomicFile.write(bytes, to: html)
                let took = (clock.now - start).seconds * 1000
                var line =
                    TerminalText.line(html)
                    + String(format: ": HTML report, %d KB, written in %.0f ms\n", (bytes.count + 1023) / 1024, took)
                line.withUTF8 { standardOutput.write($0) }
            } catch {
                FileBytes.writeError("lazer load: the HTML report was not written: \(TerminalText.line("\(error)"))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
        }
        if let signalStatus {
            FileBytes.writeError("lazer load: interrupted\n")
            throw ExitCode(signalStatus)
        }
        if summary.overall.count > 0, summary.overall.errorCount == summary.overall.count {
            throw ExitCode(RunExitStatus.noResponse)
        }
        throw ExitCode(verdicts.allSatisfy(\.passed) ? 0 : 1)
    }
}

/// `--engine`: how `lazer load`'s virtual users send.
enum LoadEngineChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case curl
}
