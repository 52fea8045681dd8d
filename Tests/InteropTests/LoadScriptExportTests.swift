import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// `lazer export --format locust` and `--format k6`: whole files compared with golden files in
/// `Fixtures/golden` (`RECORD_GOLDEN=1 swift test --filter LoadScriptExportTests` writes them
/// afresh: review the diff), the report of what they cannot carry, secrets kept out, and literals
/// that hostile names cannot break out of.
@Suite struct LoadScriptExportTests {
    static func shop() throws -> CollectionDocument {
        let path = Fixtures.folder + "/load-shop.json"
        let loaded = CollectionLoader.load(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let collection = try #require(loaded.collection, "\(loaded.diagnostics)")
        return CollectionDocument(path: path, collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
    }

    /// The open model with a ramp and thresholds of each kind.
    static let ramp = ExportLoad(
        model: .open(startRate: 5, stages: [.init(seconds: 30, rate: 20), .init(seconds: 60, rate: 20)]),
        thresholds: [
            .init(text: "p99<200ms", metric: .percentile(99), comparison: "<", limit: 200),
            .init(text: "max<2s", metric: .percentile(100), comparison: "<", limit: 2000),
            .init(text: "errors<1%", metric: .errors, comparison: "<", limit: 0.01),
            .init(text: "checks>=99%", metric: .checks, comparison: ">=", limit: 0.99),
        ])

    static let closed = ExportLoad(model: .closed(vus: 4, seconds: 60, iterations: 3))

    static func input(_ document: CollectionDocument, load: ExportLoad?, reveal: Bool = false) -> ExportInput {
        ExportInput(
            document: document, environment: document.collection.environment(named: "staging"),
            revealSecrets: reveal, processEnvironment: ["LAZER_VAR_password": "from-the-shell"], load: load)
    }

    func check(_ output: ExportOutput, golden name: String) throws {
        let text =
            String(decoding: output.bytes, as: UTF8.self) + "\n// report\n"
            + output.report.items.map { "\($0)\n" }.joined()
        let path = Fixtures.folder + "/golden/" + name
        if FormatsGoldenTests.record {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file; RECORD_GOLDEN=1 re-records it")
    }

    @Test func locustGolden() throws {
        let document = try Self.shop()
        try check(Exporter.output(Self.input(document, load: Self.ramp), format: .locust), golden: "locust-shop.py")
        try check(
            Exporter.output(Self.input(document, load: Self.closed), format: .locust), golden: "locust-shop-closed.py")
    }

    @Test func k6Golden() throws {
        let document = try Self.shop()
        try check(Exporter.output(Self.input(document, load: Self.ramp), format: .k6), golden: "k6-shop.js")
        try check(Exporter.output(Self.input(document, load: nil), format: .k6), golden: "k6-shop-single.js")
    }

    /// The secret is read from LAZER_VAR_password when the script runs: neither its value nor the
    /// exporting shell's LAZER_VAR_password is in the file; --reveal-secrets writes it.
    @Test(arguments: [ExportFormat.locust, .k6]) func secretsStayOut(format: ExportFormat) throws {
        let document = try Self.shop()
        let text = String(decoding: try Exporter.export(Self.input(document, load: nil), format: format), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("from-the-shell"))
        // In the JSON body and, base64-encoded at run time, in the Basic credential.
        let reads = text.components(separatedBy: "\"LAZER_VAR_password\"").count - 1
        #expect(reads == 2)
        let revealed = String(
            decoding: try Exporter.export(Self.input(document, load: nil, reveal: true), format: format),
            as: UTF8.self)
        #expect(revealed.contains("hunter2-clear"))
        #expect(!revealed.contains("LAZER_VAR_password"))
    }

    /// Names, headers and values with quotes, backslashes, line breaks, `</script>`, U+2028/2029
    /// and a bidi override come out escaped: each literal in the file is one line of printable
    /// ASCII that decodes back to the text (checked by Python and node where they are installed,
    /// and here by the escapes themselves).
    @Test(arguments: [ExportFormat.locust, .k6]) func hostileTextStaysInsideItsLiterals(format: ExportFormat) throws {
        let hostile = "a\"b'c\\d\ne\rf</script>\u{2028}g\u{2029}h\u{202E}i😀\u{0}"
        let collection = RequestCollection(
            id: "h", name: hostile,
            requests: [
                SavedRequest(
                    id: "r", name: hostile, method: .post, url: "https://h.test/\(hostile)",
                    headers: [KeyValueRow(name: "X-\(hostile)", value: hostile)],
                    body: SavedBody(.text(hostile, contentType: "text/plain")),
                    expectations: [Expectation(subject: .body, op: .contains, value: .string(hostile))],
                    captures: [Capture(variable: "v", source: .header(name: hostile))])
            ])
        let document = CollectionDocument(
            path: "/tmp/h.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let bytes = try Exporter.export(ExportInput(document: document), format: format)
        #expect(bytes.allSatisfy { $0 == 10 || (32...126).contains($0) }, "the file is printable ASCII")
        let text = String(decoding: bytes, as: UTF8.self)
        if format == .k6 { #expect(!text.contains("</script>")) }
        let escaped =
            format == .k6
            ? "a\\\"b'c\\\\d\\ne\\rf\\u003c/script>\\u2028g\\u2029h\\u202ei\\ud83d\\ude00\\u0000"
            : "a\\\"b'c\\\\d\\ne\\rf</script>\\u2028g\\u2029h\\u202ei\\U0001f600\\u0000"
        #expect(text.contains("\"" + escaped + "\""))
    }

    @Test func loadOptionsMapToK6Scenarios() throws {
        let document = try Self.shop()
        func options(_ load: ExportLoad) throws -> String {
            String(decoding: try Exporter.export(Self.input(document, load: load), format: .k6), as: UTF8.self)
        }
        let constant = try options(ExportLoad(model: .open(startRate: 0.5, stages: [.init(seconds: 90, rate: 0.5)])))
        #expect(constant.contains("executor: \"constant-arrival-rate\",\n      rate: 30,\n      timeUnit: \"1m\","))
        #expect(constant.contains("duration: \"90s\","))
        let vus = try options(ExportLoad(model: .closed(vus: 8, seconds: 1.5, iterations: nil)))
        #expect(vus.contains("executor: \"constant-vus\",\n      vus: 8,\n      duration: \"1500ms\","))
        let iterations = try options(Self.closed)
        #expect(
            iterations.contains(
                "executor: \"per-vu-iterations\",\n      vus: 4,\n      iterations: 3,\n      maxDuration: \"60s\","))
    }
}

extension LoadScriptExportTests {
    /// What the script sends as written or the same each time is a warning: an unresolved
    /// variable, a dynamic value computed once at export (not `{{$processEnv}}`, which is steady).
    @Test(arguments: [ExportFormat.locust, .k6]) func warnsOfWhatIsSentAsWrittenOrOnce(format: ExportFormat) throws {
        let collection = RequestCollection(
            id: "w", name: "W",
            requests: [
                SavedRequest(
                    id: "r", name: "R", url: "https://w.test/{{missing}}",
                    headers: [
                        KeyValueRow(name: "X-Id", value: "{{ $uuid }}"),
                        KeyValueRow(name: "X-Home", value: "{{$processEnv HOME}}"),
                    ])
            ])
        let document = CollectionDocument(
            path: "/tmp/w.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let output = try Exporter.output(
            ExportInput(document: document, processEnvironment: ["HOME": "/home/w"]), format: format)
        let warnings = output.warnings.items.map(\.description)
        #expect(warnings.count == 2, "\(warnings)")
        // The process variable is read where the script runs, not written (nor masked) into it.
        let script = String(decoding: output.bytes, as: UTF8.self)
        #expect(!script.contains("/home/w") && !script.contains("\\u2022"), "\(script)")
        #expect(script.contains(format == .k6 ? "lazerSecret(\"HOME\")" : "lazer_secret(\"HOME\")"), "\(script)")
        #expect(
            warnings.contains { $0.hasPrefix("R: ") && $0.contains("missing") && $0.hasSuffix("(sent as written)") })
        #expect(warnings.contains { $0.hasPrefix("R: {{$uuid}} is new at each send") })
    }

    /// `{{$dotenv NAME}}` is read from NAME in the script's environment when it runs (the .env's
    /// value is neither written nor masked into the file), and the export says to load the .env.
    @Test(arguments: [ExportFormat.locust, .k6]) func aDotenvValueIsReadWhenTheScriptRuns(format: ExportFormat) throws {
        let folder = NSTemporaryDirectory() + "lazer-dotenv-\(format.rawValue)-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "API_TOKEN=from-the-dotenv\n".write(toFile: folder + "/.env", atomically: true, encoding: .utf8)
        let collection = RequestCollection(
            id: "d", name: "D",
            requests: [
                SavedRequest(
                    id: "r", name: "R", url: "https://d.test/items",
                    headers: [KeyValueRow(name: "Authorization", value: "Bearer {{$dotenv API_TOKEN}}")])
            ])
        let document = CollectionDocument(
            path: folder + "/d.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let output = try Exporter.output(ExportInput(document: document), format: format)
        let script = String(decoding: output.bytes, as: UTF8.self)
        #expect(!script.contains("from-the-dotenv") && !script.contains("\\u2022"), "\(script)")
        #expect(
            script.contains(format == .k6 ? "lazerSecret(\"API_TOKEN\")" : "lazer_secret(\"API_TOKEN\")"), "\(script)")
        let warnings = output.warnings.items.map(\.description)
        #expect(
            warnings.contains { $0.contains("{{$dotenv API_TOKEN}}") && $0.contains("load the .env") }, "\(warnings)")
        // Revealed, the value is written as read.
        let revealed = try Exporter.output(ExportInput(document: document, revealSecrets: true), format: format)
        #expect(String(decoding: revealed.bytes, as: UTF8.self).contains("from-the-dotenv"))
    }

    /// A header given twice is sent once with both values (a script's headers are an object).
    @Test(arguments: [ExportFormat.locust, .k6]) func aRepeatedHeaderIsSentOnceWithBothValues(format: ExportFormat)
        throws
    {
        let collection = RequestCollection(
            id: "h", name: "H",
            requests: [
                SavedRequest(
                    id: "r", name: "R", url: "https://h.test/items",
                    headers: [
                        KeyValueRow(name: "X-Tag", value: "one"), KeyValueRow(name: "Cookie", value: "a=1"),
                        KeyValueRow(name: "x-tag", value: "two"), KeyValueRow(name: "Cookie", value: "b=2"),
                    ])
            ])
        let document = CollectionDocument(
            path: "/tmp/h.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let output = try Exporter.output(ExportInput(document: document), format: format)
        let script = String(decoding: output.bytes, as: UTF8.self)
        #expect(script.contains("one, two"), "\(script)")
        #expect(script.contains("a=1; b=2"), "\(script)")
        #expect(!script.contains("\"x-tag\""), "\(script)")
        let report = output.report.items.map(\.description)
        #expect(report.filter { $0.contains("given more than once") }.count == 2, "\(report)")
    }
}
