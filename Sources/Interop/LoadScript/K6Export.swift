import Foundation
import Workspace

/// A k6 script from a collection's requests, for teams on k6 (k6-operator, k6 Cloud): each
/// request a function (headers, text bodies, Basic/Bearer/API-key auth as headers) with its
/// expectations as `check`s and its captures into the virtual user's own variables (k6 runs the
/// script's top level once per virtual user), the load model as a scenario and thresholds as k6
/// thresholds (`K6Options`). Only a request without a response counts in `http_req_failed`, as
/// in `lazer load`'s `errors`. Secret variables are read from `__ENV.LAZER_VAR_<name>`.
package enum K6Export {
    package static func output(_ input: ExportInput, load: ExportLoad) throws(ExportError) -> ExportOutput {
        guard !input.selection.isEmpty else { throw ExportError("no requests selected") }
        var report = ExportReport()
        var warnings = ExportReport()
        let requests = ScriptRequest.all(input, format: "k6", report: &report, warnings: &warnings)
        let base = input.environment?.baseURL ?? ""
        var lines = [
            "// Written by lazer export --format k6. Run it with: k6 run THIS_FILE",
            "// LAZER_BASE_URL overrides the base URL; secret variables are read from LAZER_VAR_<name>",
            "// (k6 run -e LAZER_VAR_token=...).",
            "import http from \"k6/http\";",
            "import { check } from \"k6\";",
            "import encoding from \"k6/encoding\";",
            "import exec from \"k6/execution\";",
            "",
            "const BASE_URL = __ENV.LAZER_BASE_URL || \(ScriptLiteral.javaScript(base));",
            "",
        ]
        lines += K6Options.options(load, requests: requests, report: &report)
        lines += [
            "",
            "// Only a request without a response is a failed request (lazer load's errors).",
            "http.setResponseCallback(http.expectedStatuses({ min: 100, max: 599 }));",
            "",
        ]
        lines += helpers
        var names: [String] = []
        for (index, request) in requests.enumerated() {
            names.append("request\(index)")
            lines += [""] + function(request, index: index, report: &report)
        }
        lines += ["", "const requests = [\(names.joined(separator: ", "))];", ""]
        if case .open = load.model {
            lines += [
                "// The open model: each arrival sends the next request in turn, as lazer load does.",
                "export default function () {",
                "  requests[exec.scenario.iterationInTest % requests.length]();",
                "}",
            ]
        } else {
            lines += [
                "export default function () {",
                "  for (const send of requests) {",
                "    send();",
                "  }",
                "}",
            ]
        }
        return ExportOutput(
            bytes: Array((lines.joined(separator: "\n") + "\n").utf8), report: report, warnings: warnings)
    }

    private static func function(_ request: ScriptRequest, index: Int, report: inout ExportReport) -> [String] {
        let checker = ScriptCheck(dialect: dialect)
        let url = (request.isPath ? "BASE_URL + " : "") + expression(request.url)
        var lines = [
            "function request\(index)() {",
            "  const r = http.request(",
            "    \(ScriptLiteral.javaScript(request.method)),",
            "    \(url),",
            "    \(request.body.map(expression) ?? "null"),",
            "    {",
            "      headers: {",
        ]
        for header in request.headers {
            lines.append("        \(ScriptLiteral.javaScript(header.name)): \(expression(header.value)),")
        }
        lines.append("      },")
        lines.append("      tags: { name: \(ScriptLiteral.javaScript(request.place)) },")
        let options = request.saved.options
        if options.followRedirects == false { lines.append("      redirects: 0,") }
        if let seconds = options.timeoutSeconds {
            lines.append("      timeout: \"\(Int((seconds * 1000).rounded()))ms\",")
        }
        if options.verifyTLS == false || options.proxy != nil || options.clientCertificate != nil
            || options.caFile != nil
        {
            report.add(
                "TLS verification, proxy, CA file or client certificate options (k6 sets them per test)",
                at: request.place)
        }
        lines += ["    },", "  );", "  check(r, {"]
        var taken: Set<String> = []
        for expectation in request.saved.expectations {
            guard let check = checker.expectation(expectation) else {
                report.add(
                    "expectation on \(ExpectationCheck.label(expectation.subject)): \(ScriptCheck.reason(expectation.subject))",
                    at: request.place)
                continue
            }
            // k6 names a check by its key: a second check of the same text gets a number.
            var name = "\(request.place): \(check.name)"
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(request.place): \(check.name) (\(suffix))"
                suffix += 1
            }
            lines.append("    \(ScriptLiteral.javaScript(name)): (r) => \(check.test),")
        }
        lines.append("  });")
        for capture in request.saved.captures {
            guard let value = checker.capture(capture) else {
                report.add("capture of \(capture.variable): a JSONPath beyond names and indexes", at: request.place)
                continue
            }
            lines.append("  lazerCapture(\(ScriptLiteral.javaScript(capture.variable)), \(value));")
        }
        return lines + ["}"]
    }

    /// Pieces as one JavaScript expression (string concatenation).
    static func expression(_ pieces: [ScriptPiece]) -> String {
        let parts = pieces.map { piece -> String in
            switch piece {
            case .text(let text): ScriptLiteral.javaScript(text)
            case .secret(let variable): "lazerSecret(\(ScriptLiteral.javaScript(variable)))"
            case .capture(let name): "lazerVar(\(ScriptLiteral.javaScript(name)))"
            case .queryEncoded(let inner): "encodeURIComponent(\(expression(inner)))"
            case .jsonEscaped(let inner): "JSON.stringify(\(expression(inner))).slice(1, -1)"
            case .base64(let inner): "encoding.b64encode(\(expression(inner)))"
            }
        }
        return parts.isEmpty ? "\"\"" : parts.joined(separator: " + ")
    }

    static let dialect = ScriptCheck.Dialect(
        literal: ScriptLiteral.javaScript, json: ScriptLiteral.javaScriptJSON, status: "r.status", body: "r.body",
        responseTime: "r.timings.duration", header: { "lazerHeader(r, \(ScriptLiteral.javaScript($0)))" },
        jsonPath: { "lazerPath(r, \($0))" }, list: { "[" + $0.joined(separator: ", ") + "]" }, missing: "undefined",
        not: { "!\($0)" }, call: { "\(camel($0))(\($1.joined(separator: ", ")))" },
        compare: { "(\($0) \($1 == "==" ? "===" : $1 == "!=" ? "!==" : $1) \($2))" })

    /// `lazer_one_of` as `lazerOneOf`.
    private static func camel(_ name: String) -> String {
        let words = name.split(separator: "_")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    private static let helpers = [
        "// Each virtual user runs this file's top level once: these are its own variables.",
        "const vars = {};",
        "",
        "function lazerVar(name) {",
        "  return name in vars ? vars[name] : \"{{\" + name + \"}}\";",
        "}",
        "",
        "function lazerSecret(name) {",
        "  return __ENV[name] || \"\";",
        "}",
        "",
        "function lazerText(value) {",
        "  if (value === undefined) return \"\";",
        "  return typeof value === \"string\" ? value : JSON.stringify(value);",
        "}",
        "",
        "function lazerCapture(name, value) {",
        "  if (value !== undefined) vars[name] = lazerText(value);",
        "}",
        "",
        "function lazerHeader(r, name) {",
        "  const wanted = name.toLowerCase();",
        "  for (const key of Object.keys(r.headers)) {",
        "    if (key.toLowerCase() === wanted) return r.headers[key];",
        "  }",
        "  return undefined;",
        "}",
        "",
        "function lazerPath(r, steps) {",
        "  let value;",
        "  try {",
        "    value = JSON.parse(r.body);",
        "  } catch (e) {",
        "    return undefined;",
        "  }",
        "  for (const step of steps) {",
        "    if (value === null || typeof value !== \"object\" || !Object.prototype.hasOwnProperty.call(value, step)) {",
        "      return undefined;",
        "    }",
        "    value = value[step];",
        "  }",
        "  return value;",
        "}",
        "",
        "function lazerEqual(actual, expected) {",
        "  if (actual === expected) return true;",
        "  if (actual === null || expected === null || typeof actual !== \"object\" || typeof expected !== \"object\") {",
        "    return false;",
        "  }",
        "  if (Array.isArray(actual) !== Array.isArray(expected)) return false;",
        "  const keys = Object.keys(actual);",
        "  if (keys.length !== Object.keys(expected).length) return false;",
        "  return keys.every((key) => Object.prototype.hasOwnProperty.call(expected, key) && lazerEqual(actual[key], expected[key]));",
        "}",
        "",
        "function lazerNumber(value) {",
        "  return typeof value === \"boolean\" || value === null || value === undefined ? NaN : Number(value);",
        "}",
        "",
        "function lazerContains(actual, text) {",
        "  return lazerText(actual).includes(text);",
        "}",
        "",
        "function lazerMatches(actual, pattern) {",
        "  return new RegExp(pattern).test(lazerText(actual));",
        "}",
        "",
        "function lazerOneOf(actual, values) {",
        "  return values.some((value) => lazerEqual(actual, value));",
        "}",
    ]
}
