import Scripting
import Testing
import Workspace

/// Text across the bridge between Swift and JavaScriptCore: ASCII goes over as UTF-8 (an 8-bit
/// string), anything else as UTF-16, and both arrive whole; an engine warmed up off the caller's
/// thread runs the next job as usual.
@Suite struct ScriptBridgeTests {
    static func body(_ text: String) -> ScriptResponse {
        ScriptResponse(
            code: 200, reason: "OK", headers: [ScriptHeader("Content-Type", "text/plain; charset=utf-8")],
            body: Array(text.utf8), milliseconds: 1)
    }

    @Test(arguments: ["plain ascii {\"a\":1}", "héllo wörld ✓ 😀", "nul\u{0}inside", "", "\u{7F}edge"])
    func aBodyArrivesWholeAndItsLengthIsJavaScripts(_ text: String) {
        let outcome = ScriptEngineTests.engine.run(
            ScriptEngineTests.job(
                "console.log(JSON.stringify(pm.response.text()), String(pm.response.text().length));",
                response: Self.body(text)))
        #expect(outcome.errors == [])
        let quoted = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "\\\""
            case "\u{0}": "\\u0000"
            case "\u{7F}": "\u{7F}"
            default: String(scalar)
            }
        }.joined()
        #expect(outcome.console.map(\.text) == ["\"\(quoted)\" \(text.utf16.count)"])
    }

    @Test func anEngineWarmedUpRunsTheNextJob() {
        let engine = JavaScriptEngine()
        engine.warmUp()
        let outcome = engine.run(
            ScriptEngineTests.job(
                "pm.test('name', () => pm.expect(pm.response.json().user.name).to.eql('ada'));",
                response: ScriptEngineTests.okJSON))
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [true])
    }
}
