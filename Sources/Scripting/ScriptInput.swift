import CJavaScriptCore
import Foundation
import JSONTree
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
        // A path ("/users/1") goes to the environment's base URL, as a request's own path does.
        let scheme = asked.url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        let isPath = asked.url.hasPrefix("/") && !asked.url.hasPrefix("//")
        guard isPath || asked.url.contains("://") && (scheme == "http" || scheme == "https") else {
            return encoded(
                Answer(
                    ok: false,
                    message: "pm.sendRequest sends http:// and https:// URLs (or a path on the environment's base URL) "
                        + "only, not \(asked.url)"))
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

    /// `end`'s answer: tests, console lines, variable changes and the changed request (read with
    /// JSONTree's parser: JSONSerialization's `Any` casts were half the engine's Swift time).
    static func outcome(_ text: String, variables: ScriptVariables) -> ScriptOutcome {
        guard let document = try? JSONDocument(text: text), document.kind(document.root) == .object else {
            return ScriptOutcome()
        }
        let root = document.root
        func strings(_ node: JSONNode) -> [String?] { document.children(node).map { document.string($0) } }
        var outcome = ScriptOutcome()
        if let tests = document.child(root, key: "tests") {
            for test in document.children(tests) {
                var result = ScriptTestResult(name: "", passed: false, message: nil, origin: "")
                // One pass over the test's members (a lookup by name per field walked them four times).
                for member in document.children(test) {
                    if document.keyEquals(member, Keys.name) {
                        result.name = document.string(member) ?? ""
                    } else if document.keyEquals(member, Keys.passed) {
                        result.passed = document.bool(member) ?? false
                    } else if document.keyEquals(member, Keys.message) {
                        result.message = document.string(member)
                    } else if document.keyEquals(member, Keys.origin) {
                        result.origin = document.string(member) ?? ""
                    }
                }
                outcome.tests.append(result)
            }
        }
        if let console = document.child(root, key: "console") {
            for line in document.children(console) {
                let parts = strings(line)
                guard parts.count == 2, let level = parts[0], let text = parts[1] else { continue }
                outcome.console.append(ScriptLogLine(ScriptLogLine.Level(rawValue: level) ?? .log, text))
            }
        }
        if let changes = document.child(root, key: "changes") {
            for change in document.children(changes) {
                let parts = strings(change)
                guard parts.count == 3, let scopeName = parts[0],
                    let scope = ScriptVariableChange.Scope(rawValue: scopeName),
                    let name = parts[1]
                else { continue }
                outcome.changes.append(
                    ScriptVariableChange(
                        scope: scope, name: name, value: parts[2], secret: variables.secretNames.contains(name)))
            }
        }
        if let request = document.child(root, key: "request") {
            var headers: [ScriptHeader] = []
            if let list = document.child(request, key: "headers") {
                for pair in document.children(list) {
                    let parts = strings(pair)
                    if parts.count == 2, let name = parts[0], let value = parts[1] {
                        headers.append(ScriptHeader(name, value))
                    }
                }
            }
            outcome.request = ScriptRequest(
                method: document.child(request, key: "method").flatMap(document.string) ?? "GET",
                url: document.child(request, key: "url").flatMap(document.string) ?? "", headers: headers,
                body: document.child(request, key: "body").flatMap(document.string))
        }
        return outcome
    }

    /// The members of a test in `end`'s answer.
    private enum Keys {
        static let name = Array("name".utf8)
        static let passed = Array("passed".utf8)
        static let message = Array("message".utf8)
        static let origin = Array("origin".utf8)
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

    /// `text` as a JSON string, escaped byte by byte straight into the buffer: only the quote,
    /// the backslash and C0 controls need it (the text reaches `JSON.parse`, never a terminal).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

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
