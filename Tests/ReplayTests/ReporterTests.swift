import Foundation
import Replay
import Synchronization
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Each reporter's output against a golden file (re-recorded with `RECORD_GOLDEN=1`), the JSON
/// report against its schema, and secrets in none of them.
@Suite struct ReporterTests {
    static let goldenFolder = ReplayFixture.repositoryRoot + "/Tests/ReplayTests/Golden/"

    /// A run with one request of each outcome, fixed times and texts that need escaping.
    static let sample: RunReport = {
        func result(
            _ id: String, _ name: String, folder: [String], method: String = "GET", status: RequestResult.Status,
            url: String, milliseconds: Int64
        ) -> RequestResult {
            RequestResult(
                collectionName: "Shop", collectionID: "c1", collectionFile: "Collections/shop.json", folderPath: folder,
                requestID: id, name: name, method: method, url: url, environment: "mock", status: status,
                duration: .milliseconds(milliseconds), attempts: status == .notSent || status == .skipped ? 0 : 1)
        }
        var login = result(
            "login", "Log in", folder: ["Auth"], method: "POST", status: .passed, url: "http://shop.mock/login",
            milliseconds: 12)
        login.responseStatus = 200
        login.responseReason = "OK"
        login.checks = [
            CheckResult(
                subject: "status", path: nil, op: "equals", label: "status", passed: true, expected: "200",
                actual: "200")
        ]
        login.captures = [CaptureResult(variable: "token", value: "••••••", secret: true)]
        var cart = result(
            "cart", "Cart <items> & \"totals\"", folder: ["Shop"], status: .failed,
            url: "http://shop.mock/cart?key=••••••", milliseconds: 1534)
        cart.responseStatus = 200
        cart.responseReason = "OK"
        cart.attempts = 2
        cart.checks = [
            CheckResult(
                subject: "jsonPath", path: "$.items[0].price", op: "equals", label: "$.items[0].price", passed: false,
                expected: "10.50", actual: "10.5000001"),
            CheckResult(
                subject: "header", path: "Content-Type", op: "contains", label: "header Content-Type", passed: false,
                expected: "contains json", actual: "text/plain\u{1B}[31m"),
        ]
        var down = result(
            "down", "Payments # down", folder: ["Shop"], status: .error, url: "http://pay.mock/", milliseconds: 3)
        down.failure = FailureReport(
            kind: "connectionRefused", stage: "connecting", title: "Connection refused",
            explanation: "Nothing is listening at pay.mock port 80.", hint: "Check the server is running.",
            detail: "connectionRefused")
        let undefined = {
            var undefined = result(
                "undefined", "Undefined", folder: [], status: .notSent, url: "/x/{{nobody}}", milliseconds: 0)
            undefined.problems = [
                "url: {{nobody}} is not defined in the environment, the collection or LAZER_VAR_nobody"
            ]
            return undefined
        }()
        let skipped = result("later", "Later", folder: [], status: .skipped, url: "/later", milliseconds: 0)
        return RunReport(
            results: [login, cart, down, undefined, skipped], environment: "mock",
            startedAt: Date(timeIntervalSince1970: 1_795_000_000), duration: .milliseconds(1562))
    }()

    static func render(_ kind: ReporterKind, colored: Bool = false, _ report: RunReport = sample) -> String {
        let reporter = kind.reporter(colored: colored)
        var text = ""
        var previous: RequestResult?
        for result in report.results {
            text += reporter.finished(result, previous: previous)
            previous = result
        }
        return text + reporter.report(report)
    }

    static func expectGolden(_ text: String, _ name: String) throws {
        let path = goldenFolder + name
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "\(name) differs from the golden file:\n\(lineDiff(golden, text))")
    }

    /// The lines that differ, `-` golden, `+` actual.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let left = index < old.count ? String(old[index]) : nil
            let right = index < new.count ? String(new[index]) : nil
            if left != right {
                if let left { lines.append("- \(left)") }
                if let right { lines.append("+ \(right)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func humanPlain() throws { try Self.expectGolden(Self.render(.human), "human.txt") }

    @Test func humanColored() throws { try Self.expectGolden(Self.render(.human, colored: true), "human-color.txt") }

    @Test func junit() throws { try Self.expectGolden(Self.render(.junit), "junit.xml") }

    @Test func json() throws { try Self.expectGolden(Self.render(.json), "report.json") }

    @Test func tap() throws { try Self.expectGolden(Self.render(.tap), "tap.txt") }

    /// The human line pads the method to seven characters and cuts a longer one, counting
    /// characters (not bytes) for a method that is not ASCII; a control character in the name is
    /// shown, a tab kept.
    @Test(arguments: [
        ("GET", "GET    "), ("OPTIONS", "OPTIONS"), ("PROPFIND", "PROPFIN"), ("GÉT", "GÉT    "),
        ("ÜBERLANGE", "ÜBERLAN"),
    ])
    func humanLineMethod(_ method: String, _ shown: String) {
        var result = RequestResult(
            collectionName: "T", collectionID: "c", collectionFile: "t.json", folderPath: [], requestID: "r",
            name: "a\u{1B}[2Jb\tc", method: method, url: "http://x.mock/", environment: "mock", status: .passed,
            duration: .milliseconds(12), attempts: 1)
        result.responseStatus = 200
        result.responseReason = "OK"
        let line = HumanReporter().finished(result, previous: result).split(separator: "\n").last.map(String.init)
        #expect(line == "✓ \(shown) a␛[2Jb\tc · 200 OK · 12 ms")
    }

    /// TAP reads `\\` as a backslash and `\\#` as a `#`: a name ending in `\\` before a `#` must not
    /// leave the `#` unescaped (a failure read as `# SKIP` by a TAP consumer).
    @Test func tapEscapesABackslashBeforeAHash() {
        var failed = RequestResult(
            collectionName: "T", collectionID: "c", collectionFile: "t.json", folderPath: [], requestID: "r",
            name: ##"C:\dir\# SKIP"##, method: "GET", url: "http://x.mock/", environment: "mock", status: .failed,
            duration: .zero, attempts: 1)
        failed.responseStatus = 500
        let report = RunReport(results: [failed], environment: "mock", startedAt: Date(), duration: .zero)
        let line = Self.render(.tap, report).split(separator: "\n").first { $0.hasPrefix("not ok") }
        #expect(line == ##"not ok 1 - GET T/C:\\dir\\\# SKIP"##)
    }

    @Test("the JUnit report is well-formed XML")
    func junitParses() throws {
        let document = try XMLDocument(data: Data(Self.render(.junit).utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 5)
        #expect(try document.nodes(forXPath: "//failure").count == 2)
        #expect(try document.nodes(forXPath: "//error").count == 2)
        #expect(try document.nodes(forXPath: "//skipped").count == 1)
    }

    @Test(
        "the JUnit report validates against a published JUnit XML schema (Surefire's junit-10.xsd), sample and real run"
    )
    func junitSchema() async throws {
        let fixture = try ReplayFixture()
        let report = try await fixture.run(
            [ReplayFixture.repositoryRoot + "/Collections/showcase.json"],
            configuration: .init(environment: "mock", recordHistory: false))
        #expect(Set(report.results.map(\.status)).isSuperset(of: [.passed, .failed, .error, .notSent]))
        let sample = try fixture.write(Self.render(.junit), to: "sample.xml")
        let real = try fixture.write(Self.render(.junit, report), to: "real.xml")
        // The schema is fetched from PyPI (in pytest's sdist) by `make unit`, or here when missing.
        let (schemaOutput, schemaStatus) = try Self.runProcess(
            [ReplayFixture.repositoryRoot + "/scripts/fetch-junit-schema.sh"])
        try #require(schemaStatus == 0, "fetching the schema failed: \(schemaOutput)")
        let schema = schemaOutput.split(separator: "\n").last.map(String.init) ?? ""
        let (output, status) = try Self.runProcess(["xmllint", "--noout", "--schema", schema, sample, real])
        #expect(status == 0, "\(output)")
        #expect(output.contains("sample.xml validates") && output.contains("real.xml validates"), "\(output)")
    }

    /// Runs `arguments` (through `env`, so from `PATH`) and returns its output and exit status.
    static func runProcess(_ arguments: [String]) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test("the JSON report matches docs/run-report.schema.json, from the sample and from a real run")
    func jsonSchema() async throws {
        let fixture = try ReplayFixture()
        let report = try await fixture.run(
            [ReplayFixture.repositoryRoot + "/Collections/showcase.json"],
            requests: ["sc-login", "sc-me", "sc-not-json", "sc-dns", "sc-unresolved"],
            configuration: {
                // With the exchanges' headers and bodies, as `lazer run --reporter json` keeps them.
                var configuration = RunConfiguration(environment: "mock", recordHistory: false)
                configuration.keepsExchangeDetails = true
                return configuration
            }())
        #expect(report.results.contains { $0.details?.responseBody != nil })
        let sample = try fixture.write(Self.render(.json), to: "sample.json")
        let real = try fixture.write(Self.render(.json, report), to: "real.json")
        // Schema and contract findings carry the failing keyword as their operator.
        var findings = Self.sample
        findings.results[1].checks += [
            CheckResult(
                subject: "schema", path: "$", op: "required", label: "schema", passed: false,
                expected: "a member zzz", actual: "none"),
            CheckResult(
                subject: "contract", path: "$.id", op: "type", label: "contract", passed: false,
                expected: "integer", actual: "string"),
            CheckResult(
                subject: "contract", path: nil, op: "conforms", label: "contract", passed: true, expected: "",
                actual: ""),
        ]
        let keywords = try fixture.write(Self.render(.json, findings), to: "keywords.json")
        let (status, output) = try Self.validateAgainstRunReportSchema([sample, real, keywords])
        #expect(status == 0, "\(output)")
        // The operators of other checks are still held to their list.
        var wrong = Self.sample
        wrong.results[1].checks[0].op = "required"
        let invalid = try fixture.write(Self.render(.json, wrong), to: "wrong.json")
        #expect(try Self.validateAgainstRunReportSchema([invalid]).0 == 1)
    }

    /// Runs scripts/validate-json-schema.py on `files` against docs/run-report.schema.json.
    static func validateAgainstRunReportSchema(_ files: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", ReplayFixture.repositoryRoot + "/scripts/validate-json-schema.py",
                ReplayFixture.repositoryRoot + "/docs/run-report.schema.json",
            ] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("no report writes bidi or invisible format characters raw; human and TAP show them as control characters")
    func bidiControlsAreVisible() {
        var result = Self.sample.results[1]
        result.name = "Refund \u{202E}txt.exe\u{202C} \u{200B}\u{2066}"
        result.checks[1].actual = "ok\u{2028}\u{FEFF}"
        let report = RunReport(
            results: [result], environment: "mock", startedAt: Date(timeIntervalSince1970: 0), duration: .zero)
        for kind in ReporterKind.allCases {
            let text = Self.render(kind, report)
            let raw = text.unicodeScalars.filter {
                [0x202E, 0x202C, 0x200B, 0x2066, 0x2028, 0xFEFF].contains($0.value)
            }
            #expect(raw.isEmpty, "\(kind)")
            guard kind == .human || kind == .tap else { continue }
            #expect(text.contains("Refund <U+202E>txt.exe<U+202C> <U+200B><U+2066>"), "\(kind): \(text)")
            #expect(text.contains(kind == .human ? "ok<U+2028><U+FEFF>" : #"ok\u2028\uFEFF"#), "\(kind)")
        }
        // The values are kept: the JSON report reads back to the same name.
        let json = Self.render(.json, report)
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let requests = decoded?["requests"] as? [[String: Any]]
        #expect(requests?.first?["name"] as? String == result.name)
    }

    @Test("no reporter shows a secret: not the secret variable, not the secret capture, nor their encoded forms")
    func secretsNeverAppear() async throws {
        let fixture = try ReplayFixture(processEnvironment: ["LAZER_VAR_password": ChainCollection.password])
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run([file], requests: ["login", "me", "wrong-name"])
        #expect(report.results.map(\.status) == [.passed, .passed, .failed])
        for kind in ReporterKind.allCases {
            for colored in [false, true] {
                let text = Self.render(kind, colored: colored, report)
                #expect(!text.contains(ChainCollection.token), "\(kind) shows the token")
                #expect(!text.contains(ChainCollection.password), "\(kind) shows the password")
                #expect(!text.contains("SECRET"), "\(kind) shows part of the token")
            }
        }
        #expect(Self.render(.json, report).contains("••••••"))
    }
}

/// The progress bar drawn under the human lines on a terminal.
@Suite struct ProgressTests {
    @Test("long runs get a bar redrawn under the lines, cleared at the end; short runs and pipes none")
    func progressBar() throws {
        let written = Mutex<[String]>([])
        let output = RunOutput(
            channels: [RunOutput.Channel(reporter: HumanReporter(), destination: .standardOutput)], progressTotal: 20
        ) { text in written.withLock { $0.append(text) } }
        let results = ReporterTests.sample.results
        for index in 0..<20 { output.finished(results[index % 2 == 0 ? 0 : 1]) }
        try output.finish(ReporterTests.sample)
        let texts = written.withLock { $0 }
        #expect(texts[0].hasSuffix("[#-----------------------------] 1/20"))
        #expect(texts[1].hasPrefix("\r\u{1B}[K✓ POST") == false)
        #expect(texts[1].hasPrefix("\r\u{1B}[K✗ GET"))
        #expect(texts[19].hasSuffix("[##############################] 20/20"))
        #expect(texts[20] == "\r\u{1B}[K")

        let short = Mutex<[String]>([])
        let quiet = RunOutput(
            channels: [RunOutput.Channel(reporter: HumanReporter(), destination: .standardOutput)], progressTotal: 5
        ) { text in short.withLock { $0.append(text) } }
        quiet.finished(results[0])
        #expect(short.withLock { $0 } == [HumanReporter().finished(results[0], previous: nil)])
    }
}

/// Lines gathered and written together (what `lazer run` does): fewer writes, same text, in order.
@Suite struct BatchedOutputTests {
    @Test("with a flush delay, lines are written together, in order, and every line is out before the report")
    func batched() throws {
        let written = Mutex<[String]>([])
        let output = RunOutput(
            channels: [RunOutput.Channel(reporter: HumanReporter(), destination: .standardOutput)],
            flushDelay: .seconds(30)
        ) { text in written.withLock { $0.append(text) } }
        let results = ReporterTests.sample.results
        for index in 0..<10 { output.finished(results[index % 2]) }
        // Nothing is written before the delay (30 s here) or the end of the run.
        #expect(written.withLock { $0 }.isEmpty)
        try output.finish(ReporterTests.sample)
        let texts = written.withLock { $0 }
        var expected = ""
        var previous: RequestResult?
        for index in 0..<10 {
            expected += HumanReporter().finished(results[index % 2], previous: previous)
            previous = results[index % 2]
        }
        #expect(texts.count == 2)
        #expect(texts.first == expected)
        #expect(texts.last == HumanReporter().report(ReporterTests.sample))
    }

    @Test("a slow run still shows each line within the delay")
    func flushesAfterDelay() async throws {
        let written = Mutex<[String]>([])
        let output = RunOutput(
            channels: [RunOutput.Channel(reporter: HumanReporter(), destination: .standardOutput)],
            flushDelay: .milliseconds(10)
        ) { text in written.withLock { $0.append(text) } }
        output.finished(ReporterTests.sample.results[0])
        // Waits for the flush (a bounded number of polls: the test fails rather than hangs).
        for _ in 0..<500 where written.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(written.withLock { $0 } == [HumanReporter().finished(ReporterTests.sample.results[0], previous: nil)])
    }
}
