import Foundation
import Workspace

/// A Locust file (Python) from a collection's requests, so a load test that outgrows one machine
/// runs on Locust's master/worker mode: one `HttpUser` sending the selected requests (headers,
/// text bodies, Basic/Bearer/API-key auth as headers), expectations as failures of their request
/// (all of them held: success, whatever the status), captures as the user's own variables, the
/// load model as a `LoadTestShape` and thresholds checked when Locust quits
/// (`LocustLoadModel`). Secret variables are read from `LAZER_VAR_<name>` when Locust runs.
package enum LocustExport {
    package static func output(_ input: ExportInput, load: ExportLoad) throws(ExportError) -> ExportOutput {
        guard !input.selection.isEmpty else { throw ExportError("no requests selected") }
        var report = ExportReport()
        var warnings = ExportReport()
        let requests = ScriptRequest.all(input, format: "Locust", report: &report, warnings: &warnings)
        let base = input.environment?.baseURL
        var lines = [
            "# Written by lazer export --format locust. Run it with:",
            "#   locust -f THIS_FILE --headless",
            "# or distributed: locust -f THIS_FILE --headless --master --expect-workers N, and on each",
            "# worker: locust -f THIS_FILE --worker --master-host HOST. The load model is LazerShape's;",
            "# --host overrides the base URL. Secret variables are read from LAZER_VAR_<name>.",
            "import base64",
            "import json",
            "import math",
            "import os",
            "import re",
            "import urllib.parse",
            "",
            "import gevent",
            "from locust import HttpUser, LoadTestShape, constant, constant_throughput, events, task",
            "from locust.runners import MasterRunner, WorkerRunner",
            "",
        ]
        lines += LocustLoadModel.constants(load, requestCount: requests.count, report: &report)
        lines += helpers
        lines += [
            "",
            "class LazerUser(HttpUser):",
            "    host = \(base.map(ScriptLiteral.python) ?? "None")",
            "    wait_time = \(LocustLoadModel.waitTime(load))",
            "",
            "    def on_start(self):",
            "        self.vars = {}",
            "        self.passes = 0",
            "        self.turn = 0",
            "        self.done = False",
            "",
        ]
        lines += userMethods
        lines += LocustLoadModel.task(load, requestCount: requests.count)
        for (index, request) in requests.enumerated() {
            lines += [""] + method(request, index: index, report: &report)
        }
        lines += [""] + LocustLoadModel.shapeAndThresholds(load)
        return ExportOutput(
            bytes: Array((lines.joined(separator: "\n") + "\n").utf8), report: report, warnings: warnings)
    }

    /// One request as a method of the user: `self.send(…)` with its checks and captures.
    private static func method(_ request: ScriptRequest, index: Int, report: inout ExportReport) -> [String] {
        let checker = ScriptCheck(dialect: dialect)
        var lines = [
            "    def request_\(index)(self):",
            "        self.send(",
            "            \(ScriptLiteral.python(request.place)),",
            "            \(ScriptLiteral.python(request.method)),",
            "            \(expression(request.url)),",
            "            {",
        ]
        for header in request.headers {
            lines.append("                \(ScriptLiteral.python(header.name)): \(expression(header.value)),")
        }
        lines.append("            },")
        lines.append("            \(request.body.map(expression) ?? "None"),")
        lines.append("            checks=[")
        for expectation in request.saved.expectations {
            guard let check = checker.expectation(expectation) else {
                report.add(
                    "expectation on \(ExpectationCheck.label(expectation.subject)): \(ScriptCheck.reason(expectation.subject))",
                    at: request.place)
                continue
            }
            lines.append("                (\(ScriptLiteral.python(check.name)), lambda r: \(check.test)),")
        }
        lines.append("            ],")
        lines.append("            captures=[")
        for capture in request.saved.captures {
            guard let value = checker.capture(capture) else {
                report.add(
                    "capture of \(capture.variable): a JSONPath beyond names and indexes", at: request.place)
                continue
            }
            lines.append("                (\(ScriptLiteral.python(capture.variable)), lambda r: \(value)),")
        }
        lines.append("            ],")
        lines += options(request.saved.options, place: request.place, report: &report)
        lines.append("        )")
        return lines
    }

    private static func options(_ options: SavedOptions, place: String, report: inout ExportReport) -> [String] {
        var lines: [String] = []
        if options.followRedirects == false { lines.append("            allow_redirects=False,") }
        if options.verifyTLS == false { lines.append("            verify=False,") }
        if let seconds = options.timeoutSeconds { lines.append("            timeout=\(seconds),") }
        if options.proxy != nil || options.clientCertificate != nil || options.caFile != nil {
            report.add("proxy, CA file or client certificate options", at: place)
        }
        return lines
    }

    /// Pieces as one Python expression (string concatenation).
    static func expression(_ pieces: [ScriptPiece]) -> String {
        let parts = pieces.map { piece -> String in
            switch piece {
            case .text(let text): ScriptLiteral.python(text)
            case .secret(let variable): "lazer_secret(\(ScriptLiteral.python(variable)))"
            case .capture(let name): "self.var(\(ScriptLiteral.python(name)))"
            case .queryEncoded(let inner): "lazer_query(\(expression(inner)))"
            case .jsonEscaped(let inner): "lazer_json_string(\(expression(inner)))"
            case .base64(let inner): "lazer_base64(\(expression(inner)))"
            }
        }
        return parts.isEmpty ? "\"\"" : parts.joined(separator: " + ")
    }

    static let dialect = ScriptCheck.Dialect(
        literal: ScriptLiteral.python, json: ScriptLiteral.pythonJSON, status: "r.status_code", body: "r.text",
        responseTime: "r.elapsed.total_seconds() * 1000", header: { "lazer_header(r, \(ScriptLiteral.python($0)))" },
        jsonPath: { "lazer_path(r, \($0))" }, list: { "[" + $0.joined(separator: ", ") + "]" }, missing: "MISSING",
        not: { "not \($0)" }, call: { "\($0)(\($1.joined(separator: ", ")))" }, compare: { "(\($0) \($1) \($2))" })

    /// The functions the checks and requests call.
    private static let helpers = [
        "MISSING = object()",
        "",
        "",
        "def lazer_secret(name):",
        "    return os.environ.get(name, \"\")",
        "",
        "",
        "def lazer_query(text):",
        "    return urllib.parse.quote(text, safe=\"-._~\")",
        "",
        "",
        "def lazer_json_string(text):",
        "    return json.dumps(text, ensure_ascii=False)[1:-1]",
        "",
        "",
        "def lazer_base64(text):",
        "    return base64.b64encode(text.encode(\"utf-8\")).decode(\"ascii\")",
        "",
        "",
        "def lazer_text(value):",
        "    if value is MISSING:",
        "        return \"\"",
        "    if isinstance(value, str):",
        "        return value",
        "    return json.dumps(value, separators=(\",\", \":\"), ensure_ascii=False)",
        "",
        "",
        "def lazer_header(response, name):",
        "    value = response.headers.get(name)",
        "    return MISSING if value is None else value",
        "",
        "",
        "def lazer_path(response, steps):",
        "    try:",
        "        value = response.json()",
        "    except Exception:",
        "        return MISSING",
        "    for step in steps:",
        "        if isinstance(step, str) and isinstance(value, dict) and step in value:",
        "            value = value[step]",
        "        elif isinstance(step, int) and isinstance(value, list) and step < len(value):",
        "            value = value[step]",
        "        else:",
        "            return MISSING",
        "    return value",
        "",
        "",
        "def lazer_equal(actual, expected):",
        "    if isinstance(actual, bool) or isinstance(expected, bool):",
        "        return actual is expected",
        "    return actual == expected",
        "",
        "",
        "def lazer_number(value):",
        "    try:",
        "        return float(value) if not isinstance(value, bool) else math.nan",
        "    except (TypeError, ValueError):",
        "        return math.nan",
        "",
        "",
        "def lazer_contains(actual, text):",
        "    return text in lazer_text(actual)",
        "",
        "",
        "def lazer_matches(actual, pattern):",
        "    return re.search(pattern, lazer_text(actual)) is not None",
        "",
        "",
        "def lazer_one_of(actual, values):",
        "    return any(lazer_equal(actual, value) for value in values)",
        "",
    ]

    /// The user's variables and its one way of sending a request.
    private static let userMethods = [
        "    def var(self, name):",
        "        return self.vars.get(name, \"{{\" + name + \"}}\")",
        "",
        "    def send(self, name, method, url, headers, body, checks, captures, **options):",
        "        data = None if body is None else body.encode(\"utf-8\")",
        "        with self.client.request(",
        "            method, url, name=name, headers=headers, data=data, catch_response=True, **options",
        "        ) as r:",
        "            if not r.status_code:",
        "                r.failure(\"no response: %s\" % r.error)",
        "                return",
        "            failed = []",
        "            for check, test in checks:",
        "                try:",
        "                    held = test(r)",
        "                except Exception:",
        "                    held = False",
        "                if not held:",
        "                    failed.append(check)",
        "            for variable, value in captures:",
        "                try:",
        "                    captured = value(r)",
        "                except Exception:",
        "                    captured = MISSING",
        "                if captured is not MISSING:",
        "                    self.vars[variable] = lazer_text(captured)",
        "            if failed:",
        "                r.failure(\"check failed: \" + \"; \".join(failed))",
        "            else:",
        "                r.success()",
        "",
    ]
}
