import CJavaScriptCore
import Foundation
import Workspace

/// The JSON the prelude reads and writes: a job as `begin`'s input, `end`'s answer as an
/// outcome, `pm.sendRequest`'s request and answer.
enum ScriptInput {
    private struct Request: Codable {
        var method: String
        var url: String
        var headers: [[String]]
        var body: String?
    }

    private struct Response: Encodable {
        var code: Int
        var reason: String
        var headers: [[String]]
        var ms: Double
        var size: Int
        /// Only in `pm.sendRequest`'s answer: a job's body goes to `begin` on its own.
        var body: String?
    }

    /// `begin`'s input, written by hand: JSONEncoder's generic walk was a fifth of a short script's run.
    static func json(of job: ScriptJob) -> String {
        var out = JSONText()
        out.raw(#"{"stage":"#)
        out.string(job.stage.rawValue)
        out.raw(#","request":"#)
        out.request(job.request)
        if let response = job.response {
            out.raw(#","response":{"code":"#)
            out.raw(String(response.code))
            out.raw(#","reason":"#)
            out.string(response.reason)
            out.raw(#","headers":"#)
            out.headers(response.headers)
            out.raw(#","ms":"#)
            out.raw(response.milliseconds.isFinite ? String(response.milliseconds) : "0")
            out.raw(#","size":"#)
            out.raw(String(response.body.count))
            out.raw("}")
        }
        if let cookies = job.cookies {
            out.raw(#","cookies":"#)
            out.headers(cookies)
        }
        out.raw(#","variables":{"environment":"#)
        out.map(job.variables.environment)
        out.raw(#","collection":"#)
        out.map(job.variables.collection)
        out.raw(#","globals":"#)
        out.map(job.variables.globals)
        out.raw(#","local":"#)
        out.map(job.variables.local)
        out.raw(#"},"info":{"requestName":"#)
        out.string(job.info.requestName)
        out.raw(#","requestID":"#)
        out.string(job.info.requestID)
        out.raw(#","iteration":"#)
        out.raw(String(job.info.iteration))
        out.raw("}}")
        return out.text
    }

    private static func encoded(_ value: some Encodable) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func request(_ request: ScriptRequest) -> Request {
        Request(
            method: request.method, url: request.url, headers: request.headers.map { [$0.name, $0.value] },
            body: request.body)
    }

    private static func response(_ response: ScriptResponse, body: String?) -> Response {
        Response(
            code: response.code, reason: response.reason, headers: response.headers.map { [$0.name, $0.value] },
            ms: response.milliseconds, size: response.body.count, body: body)
    }

    private struct Answer: Encodable {
        var ok: Bool
        var response: Response?
        var message: String?
    }

    /// `pm.sendRequest`: the script's request sent through `send`, the answer for its callback.
    static func sendAnswer(
        _ argument: String, send: (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>
    ) -> String {
        guard let asked = try? JSONDecoder().decode(Request.self, from: Data(argument.utf8)) else {
            return #"{"ok":false,"message":"pm.sendRequest needs a URL"}"#
        }
        let scheme = asked.url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        guard asked.url.contains("://"), scheme == "http" || scheme == "https" else {
            return encoded(
                Answer(ok: false, message: "pm.sendRequest sends http:// and https:// URLs only, not \(asked.url)"))
        }
        let request = ScriptRequest(
            method: asked.method, url: asked.url,
            headers: asked.headers.compactMap { $0.count == 2 ? ScriptHeader($0[0], $0[1]) : nil }, body: asked.body)
        switch send(request) {
        case .success(let response):
            return encoded(
                Answer(
                    ok: true, response: Self.response(response, body: String(decoding: response.body, as: UTF8.self))))
        case .failure(let failure):
            return encoded(Answer(ok: false, message: failure.message))
        }
    }

    /// `end`'s answer: tests, console lines, variable changes and the changed request.
    static func outcome(_ text: String, variables: ScriptVariables) -> ScriptOutcome {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return ScriptOutcome()
        }
        var outcome = ScriptOutcome()
        for test in object["tests"] as? [[String: Any]] ?? [] {
            outcome.tests.append(
                ScriptTestResult(
                    name: test["name"] as? String ?? "", passed: test["passed"] as? Bool ?? false,
                    message: test["message"] as? String, origin: test["origin"] as? String ?? ""))
        }
        for line in object["console"] as? [[String]] ?? [] where line.count == 2 {
            outcome.console.append(ScriptLogLine(ScriptLogLine.Level(rawValue: line[0]) ?? .log, line[1]))
        }
        for change in object["changes"] as? [[Any]] ?? [] where change.count == 3 {
            guard let scopeName = change[0] as? String, let scope = ScriptVariableChange.Scope(rawValue: scopeName),
                let name = change[1] as? String
            else { continue }
            outcome.changes.append(
                ScriptVariableChange(
                    scope: scope, name: name, value: change[2] as? String,
                    secret: variables.secretNames.contains(name)))
        }
        if let request = object["request"] as? [String: Any] {
            let headers = (request["headers"] as? [[String]] ?? []).compactMap {
                $0.count == 2 ? ScriptHeader($0[0], $0[1]) : nil
            }
            outcome.request = ScriptRequest(
                method: request["method"] as? String ?? "GET", url: request["url"] as? String ?? "",
                headers: headers, body: request["body"] as? String)
        }
        return outcome
    }

    /// An exception's message and place (JavaScriptCore's `line` and `column` properties).
    static func describe(_ exception: JSValueRef?, in context: JSContextRef) -> (
        message: String, line: Int?, column: Int?
    ) {
        let message = JavaScriptText.string(of: exception, in: context) ?? "the script failed"
        guard let exception, let object = cjsc_JSValueToObject(context, exception, nil) else {
            return (message, nil, nil)
        }
        func number(_ name: String) -> Int? {
            JavaScriptText.with(name) { key in
                guard let value = cjsc_JSObjectGetProperty(context, object, key, nil) else { return nil }
                let number = cjsc_JSValueToNumber(context, value, nil)
                return number.isFinite ? Int(number) : nil
            }
        }
        return (message, number("line"), number("column"))
    }
}

/// JSON text written straight into UTF-8 bytes.
struct JSONText {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(512) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func map(_ values: [String: String]) {
        raw("{")
        var first = true
        for (key, value) in values {
            if !first { raw(",") }
            first = false
            string(key)
            raw(":")
            string(value)
        }
        raw("}")
    }

    mutating func headers(_ headers: [ScriptHeader]) {
        raw("[")
        for (index, header) in headers.enumerated() {
            if index > 0 { raw(",") }
            raw("[")
            string(header.name)
            raw(",")
            string(header.value)
            raw("]")
        }
        raw("]")
    }

    mutating func request(_ request: ScriptRequest) {
        raw(#"{"method":"#)
        string(request.method)
        raw(#","url":"#)
        string(request.url)
        raw(#","headers":"#)
        headers(request.headers)
        raw(#","body":"#)
        if let body = request.body { string(body) } else { raw("null") }
        raw("}")
    }
}
