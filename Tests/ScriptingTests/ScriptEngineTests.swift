import Scripting
import Testing
import Workspace

/// Scripts run by the real engine (JavaScriptCore) against jobs made here.
@Suite struct ScriptEngineTests {
    static let engine = JavaScriptEngine()

    static func job(
        _ text: String, stage: ScriptJob.Stage = .test, response: ScriptResponse? = nil,
        variables: ScriptVariables = ScriptVariables()
    ) -> ScriptJob {
        ScriptJob(
            stage: stage, scripts: [ScriptSource(text, origin: "request Login")],
            request: ScriptRequest(method: "POST", url: "http://127.0.0.1/login", headers: [], body: #"{"a":1}"#),
            response: response, variables: variables, info: ScriptInfo(requestName: "Login", requestID: "r1"))
    }

    static let okJSON = ScriptResponse(
        code: 200, reason: "OK", headers: [ScriptHeader("Content-Type", "application/json")],
        body: Array(#"{"user":{"name":"ada","id":7},"tags":["a","b"]}"#.utf8), milliseconds: 12)

    @Test func anyTextReachesTheScriptAndComesBackUnchanged() {
        let odd = "quote\" back\\slash\nline\ttab\u{1}\u{7F} é ✓ 😀 \u{202E}"
        var job = Self.job(
            """
            pm.environment.set('copy', pm.environment.get('odd'));
            pm.test(pm.environment.get('odd'), () => pm.expect(pm.request.headers.get('X-Odd')).to.eql(pm.environment.get('odd')));
            """, response: Self.okJSON, variables: ScriptVariables(environment: ["odd": odd]))
        job.request.headers = [ScriptHeader("X-Odd", odd)]
        let outcome = Self.engine.run(job)
        #expect(outcome.errors == [])
        #expect(outcome.changes.map(\.value) == [odd])
        #expect(outcome.tests.map(\.name) == [odd])
        #expect(outcome.tests.map(\.passed) == [true])
    }

    @Test func aPassingAndAFailingTestAreReportedWithTheAssertionsMessage() {
        let outcome = Self.engine.run(
            Self.job(
                """
                pm.test("status is 200", function () { pm.response.to.have.status(200); });
                pm.test("name is grace", () => { pm.expect(pm.response.json().user.name).to.eql("grace"); });
                """, response: Self.okJSON))
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.name) == ["status is 200", "name is grace"])
        #expect(outcome.tests.map(\.passed) == [true, false])
        #expect(outcome.tests.last?.message == "expected 'ada' to deeply equal 'grace'")
    }
}
