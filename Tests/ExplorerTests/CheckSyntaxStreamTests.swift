import Explorer
import Testing
import Workspace

/// The Checks tab's one-line form of stream checks: `events`, `event[N] [$…]` expectations and
/// `name = event[N] [$…]` captures are written and read back as the same values (an `event`
/// expectation was shown but could not be edited: the line it showed did not parse).
struct CheckSyntaxStreamTests {
    @Test(arguments: [
        Workspace.Expectation(subject: .eventCount, op: .greaterThanOrEqual, value: .integer(3)),
        Workspace.Expectation(subject: .event(index: -1, path: "$.done"), op: .equals, value: .bool(true)),
        Workspace.Expectation(subject: .event(index: 0, path: nil), op: .contains, value: .string("hello")),
        Workspace.Expectation(subject: .close, op: .oneOf, value: .array([.integer(1000), .integer(4001)])),
        Workspace.Expectation(subject: .anyEvent(path: "$.type"), op: .equals, value: .string("ready")),
        Workspace.Expectation(subject: .anyEvent(path: nil), op: .contains, value: .string("bye")),
    ])
    func streamExpectationsRoundTrip(_ expectation: Workspace.Expectation) throws {
        let line = CheckSyntax.format(expectation)
        let parsed = try CheckSyntax.parseExpectation(line).get()
        #expect(parsed.subject == expectation.subject, "\(line)")
        #expect(parsed.op == expectation.op)
        #expect(parsed.value == expectation.value)
    }

    @Test(arguments: [
        Capture(variable: "session", source: .event(index: 0, path: "$.session")),
        Capture(variable: "last", source: .event(index: -1, path: nil), secret: true),
    ])
    func eventCapturesRoundTrip(_ capture: Capture) throws {
        let line = CheckSyntax.format(capture)
        let parsed = try CheckSyntax.parseCapture(line).get()
        #expect(parsed.source == capture.source, "\(line)")
        #expect(parsed.secret == capture.secret)
        #expect(parsed.variable == capture.variable)
    }

    @Test func aBadEventIndexOrPathSaysWhat() {
        for text in ["x = event[one]", "x = event[0] nope", "x = event[0] $.[", "event[2 equals 1"] {
            let capture = text.contains("=") ? CheckSyntax.parseCapture(text).map { _ in () } : nil
            let expectation = text.contains("=") ? nil : CheckSyntax.parseExpectation(text).map { _ in () }
            guard case .failure(let error)? = capture ?? expectation else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(!error.message.isEmpty)
        }
    }
}
