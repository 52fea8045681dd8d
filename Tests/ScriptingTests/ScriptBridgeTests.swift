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

/// Chai's guard against misspelt assertion properties, kept without Chai's per-assertion Proxy.
@Suite struct ChaiGuardTests {
    func run(_ text: String) -> ScriptOutcome {
        ScriptEngineTests.engine.run(ScriptEngineTests.job(text, response: ScriptEngineTests.okJSON))
    }

    @Test func aMisspeltPropertyFailsTheTestWithChaisSuggestion() {
        let outcome = run(
            """
            pm.test('typo', () => pm.expect(true).to.be.ture);
            pm.test('typo after a method', () => pm.expect([1]).to.be.an('array').that.is.emtpy);
            pm.test('typo in a method', () => pm.expect(1).to.equl(1));
            pm.test('far from any', () => pm.expect(1).to.be.zzzzzzzzzz);
            pm.test('on the response', () => pm.response.to.have.statuss(200));
            """)
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [false, false, false, false, false])
        #expect(
            outcome.tests.map(\.message) == [
                #"Invalid Chai property: ture. Did you mean "true"?"#,
                #"Invalid Chai property: emtpy. Did you mean "empty"?"#,
                #"Invalid Chai property: equl. Did you mean "equal"?"#,
                "Invalid Chai property: zzzzzzzzzz",
                #"Invalid Chai property: statuss. Did you mean "status"?"#,
            ])
    }

    @Test func rightAssertionsAndTheNamesChaiLeavesAloneStillWork() {
        let outcome = run(
            """
            pm.test('chains', () => {
              pm.expect([1, 2]).to.be.an('array').that.includes(2).and.has.lengthOf(2);
              pm.expect({ a: { b: 1 } }).to.have.nested.property('a.b', 1);
              pm.expect('abc').to.match(/b/).and.not.be.empty;
              pm.response.to.have.status(200);
              pm.response.to.be.ok;
            });
            const assertion = pm.expect(1);
            console.log(String(assertion.then), String(assertion.toJSON), typeof assertion.constructor);
            """)
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [true], "\(outcome.tests.map(\.message))")
        #expect(outcome.console.map(\.text) == ["undefined undefined function"])
    }
}
