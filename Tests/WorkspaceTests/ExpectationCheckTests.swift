import HTTPCore
import JSONTree
import Testing
import Workspace

/// Expectations and captures against a response: each operator, numbers compared as decimals,
/// missing subjects, and what the user reads as expected and actual.
@Suite struct ExpectationCheckTests {
    private let body = #"{"id": 12345678901234567890, "price": 1.50, "name": "Ada", "tags": ["a", "b"], "ok": true}"#

    private func facts(status: Int = 200, milliseconds: Int64 = 120) throws -> ResponseFacts {
        let bytes = Array(body.utf8)
        return ResponseFacts(
            status: status, headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8")]), body: bytes,
            document: try JSONDocument(bytes: bytes), duration: .milliseconds(milliseconds))
    }

    private func check(
        _ subject: Workspace.Expectation.Subject, _ op: Workspace.Expectation.Operator, _ value: StoredJSON? = nil
    ) throws
        -> ExpectationCheck
    {
        ExpectationCheck(Workspace.Expectation(subject: subject, op: op, value: value), against: try facts())
    }

    @Test func statusHeaderAndTime() throws {
        #expect(try check(.status, .equals, .integer(200)).passed)
        #expect(try !check(.status, .equals, .integer(201)).passed)
        #expect(try check(.status, .oneOf, .array([.integer(200), .integer(204)])).passed)
        #expect(try check(.header(name: "content-type"), .contains, .string("json")).passed)
        #expect(try check(.header(name: "X-Missing"), .notExists).passed)
        #expect(try check(.responseTime, .lessThan, .integer(500)).passed)
        #expect(try !check(.responseTime, .greaterThan, .integer(500)).passed)
    }

    @Test("contains and notContains find a needle anywhere in the text, by its UTF-8 bytes")
    func containsFindsBytes() throws {
        let bytes = Array("{\"note\": \"café ☕ — 100% (x)\"}".utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders(), body: bytes, document: try JSONDocument(bytes: bytes),
            duration: .zero)
        func holds(_ op: Workspace.Expectation.Operator, _ needle: String) -> Bool {
            ExpectationCheck(Workspace.Expectation(subject: .body, op: op, value: .string(needle)), against: facts)
                .passed
        }
        for needle in ["{", "}", "café", "☕ —", "100% (x)\"}", "", "\"note\""] {
            #expect(holds(.contains, needle), "\(needle)")
            #expect(!holds(.notContains, needle), "\(needle)")
        }
        for needle in ["cafe", "☕☕", "(x)\"}}", "100%  (x)", "x\"}\n"] {
            #expect(!holds(.contains, needle), "\(needle)")
            #expect(holds(.notContains, needle), "\(needle)")
        }
        // A needle longer than the text, and a partial match at the very end.
        #expect(!holds(.contains, String(repeating: "a", count: 200)))
        #expect(!holds(.contains, ")\"}z"))
    }

    @Test func jsonPathNumbersCompareExactlyAsDecimals() throws {
        #expect(try check(.jsonPath("$.price"), .equals, .number("1.5")).passed)
        #expect(try check(.jsonPath("$.id"), .equals, .number("12345678901234567890")).passed)
        #expect(try !check(.jsonPath("$.id"), .equals, .number("12345678901234567891")).passed)
        #expect(try check(.jsonPath("$.price"), .greaterThanOrEqual, .number("1.50")).passed)
        #expect(try !check(.jsonPath("$.name"), .equals, .number("1")).passed, "a string is not a number")
    }

    @Test("a number equals the same text and the same value written otherwise; a string of the same digits does not")
    func numberTextAndValue() throws {
        let bytes = Array(#"{"code": "200", "n": 1.50, "m": 200, "e": 2E2}"#.utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders(), body: bytes, document: try JSONDocument(bytes: bytes),
            duration: .zero)
        func passes(_ subject: Workspace.Expectation.Subject, _ value: String) -> Bool {
            let expectation = Workspace.Expectation(subject: subject, op: .equals, value: .number(value))
            return ExpectationCheck(expectation, against: facts).passed
        }
        #expect(passes(.status, "200"))
        #expect(passes(.jsonPath("$.m"), "200"))
        #expect(passes(.jsonPath("$.e"), "200"))
        #expect(passes(.jsonPath("$.n"), "1.5"))
        #expect(passes(.jsonPath("$.n"), "1.50"))
        #expect(!passes(.jsonPath("$.code"), "200"), "a string is not a number, whatever its text")
        #expect(!passes(.jsonPath("$.m"), "201"))
    }

    @Test("numbers beyond 38 digits and in exponent form compare exactly; header numbers may have spaces")
    func numbersCompareExactlyBeyondFoundationDecimal() throws {
        let long = "1234567890123456789012345678901234567890.5"
        let bytes = Array(#"{"big": \#(long), "small": 1E2}"#.utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders([("X-Count", " 12 ")]), body: bytes,
            document: try JSONDocument(bytes: bytes), duration: .zero)
        func holds(_ subject: Workspace.Expectation.Subject, _ op: Workspace.Expectation.Operator, _ value: String)
            -> Bool
        {
            ExpectationCheck(Workspace.Expectation(subject: subject, op: op, value: .number(value)), against: facts)
                .passed
        }
        #expect(holds(.jsonPath("$.big"), .equals, long))
        #expect(!holds(.jsonPath("$.big"), .equals, "1234567890123456789012345678901234567890.6"))
        #expect(holds(.jsonPath("$.big"), .lessThan, "1234567890123456789012345678901234567890.50001"))
        #expect(holds(.jsonPath("$.small"), .equals, "100.0"))
        #expect(holds(.header(name: "X-Count"), .greaterThan, "11.99"))
    }

    @Test func jsonPathStringsContainersAndExistence() throws {
        #expect(try check(.jsonPath("$.name"), .equals, .string("Ada")).passed)
        #expect(try check(.jsonPath("$.name"), .matches, .string("^A.a$")).passed)
        #expect(try check(.jsonPath("$.tags"), .equals, .array([.string("a"), .string("b")])).passed)
        #expect(try check(.jsonPath("$.ok"), .equals, .bool(true)).passed)
        #expect(try check(.jsonPath("$.missing"), .notExists).passed)
        let missing = try check(.jsonPath("$.missing"), .equals, .string("x"))
        #expect(!missing.passed)
        #expect(missing.actual == "(nothing)")
        #expect(missing.expected == "x")
    }

    @Test func capturesTakeValuesAndKeepSecrecy() throws {
        let facts = try facts()
        #expect(Capture(variable: "name", source: .jsonPath("$.name")).value(in: facts) == .init("Ada"))
        #expect(Capture(variable: "id", source: .jsonPath("$.id")).value(in: facts)?.text == "12345678901234567890")
        #expect(Capture(variable: "s", source: .status).value(in: facts)?.text == "200")
        #expect(
            Capture(variable: "t", source: .header(name: "Content-Type"), secret: true).value(in: facts)?.secret == true
        )
        #expect(Capture(variable: "x", source: .jsonPath("$.nope")).value(in: facts) == nil)
    }

    /// A WebSocket conversation's facts: `messages` as the json-seq transcript keeps them.
    private static func transcript(_ messages: [String]) -> ResponseFacts {
        ResponseFacts(
            status: 101, headers: HTTPHeaders([("Content-Type", "application/json-seq")]),
            body: WebSocketTranscript.body(messages.map { .text($0) }), document: nil, duration: .zero)
    }

    @Test("anyEvent holds when some event does, and says how many were looked at when none does")
    func anyEvent() {
        let facts = Self.transcript([#"{"type": "hello"}"#, "plain text", #"{"type": "ready", "n": 3}"#])
        func check(_ path: String?, _ op: Workspace.Expectation.Operator, _ value: StoredJSON?) -> ExpectationCheck {
            ExpectationCheck(
                Workspace.Expectation(subject: .anyEvent(path: path), op: op, value: value), against: facts)
        }
        let ready = check("$.type", .equals, .string("ready"))
        #expect(ready.passed)
        #expect(ready.actual == "ready")
        let missing = check("$.type", .equals, .string("bye"))
        #expect(!missing.passed)
        #expect(missing.actual == "3 events, none matched")
        #expect(check(nil, .contains, .string("plain")).passed)
        #expect(check("$.n", .greaterThan, .integer(2)).passed)
        #expect(check("$.n", .exists, nil).passed)
        #expect(!check("$.missing", .exists, nil).passed)
        #expect(check("$.missing", .notExists, nil).passed)
    }

    @Test("a capture from an event reads it as the event expectation does: by index, JSON at a path, else text")
    func capturesFromEvents() {
        let facts = Self.transcript([#"{"session": "s-1", "n": 1}"#, "plain text ", #"{"n": 3}"#])
        #expect(Capture(variable: "s", source: .event(index: 0, path: "$.session")).value(in: facts)?.text == "s-1")
        #expect(Capture(variable: "t", source: .event(index: 1, path: nil)).value(in: facts)?.text == "plain text ")
        #expect(Capture(variable: "n", source: .event(index: -1, path: "$.n")).value(in: facts)?.text == "3")
        #expect(Capture(variable: "x", source: .event(index: 3, path: nil)).value(in: facts) == nil)
        #expect(Capture(variable: "x", source: .event(index: 0, path: "$.nope")).value(in: facts) == nil)
    }
}

/// A JSONPath check on a response that is no JSON document says why it found nothing.
@Suite struct ExpectationCheckNotJSONTests {
    private func actual(_ body: String) -> ExpectationCheck {
        let bytes = Array(body.utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: bytes,
            document: try? JSONDocument(bytes: bytes), duration: .zero)
        return ExpectationCheck(
            Workspace.Expectation(subject: .jsonPath("$.id"), op: .equals, value: .integer(1)), against: facts)
    }

    @Test("a body with a raw control character: the parse error and its place, not '(nothing)'")
    func controlCharacter() {
        let check = actual("{\"id\": \"a\u{01}b\"}")
        #expect(!check.passed)
        #expect(check.actual.hasPrefix("(the body is not JSON: line 1, column 10: "), "\(check.actual)")
    }

    @Test("an empty body says so; a JSON body without the member still finds nothing")
    func emptyAndMissing() {
        #expect(actual("").actual == "(no body)")
        #expect(actual(#"{"name": "Ada"}"#).actual == "(nothing)")
    }
}
