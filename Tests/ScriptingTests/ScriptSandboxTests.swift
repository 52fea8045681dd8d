import Foundation
import Scripting
import Synchronization
import Testing
import Workspace

/// Hostile scripts: each ends in a clear error, nothing outside the sandbox is touched, and the
/// engine goes on serving the next script.
@Suite struct ScriptSandboxTests {
    /// An engine of its own, with a short time limit: these scripts are meant to hit it.
    static let engine = JavaScriptEngine(limits: .init(time: .milliseconds(200), memory: 256 << 20))

    func run(_ text: String, send: (@Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>)? = nil)
        -> ScriptOutcome
    {
        var job = ScriptEngineTests.job(text, response: ScriptEngineTests.okJSON)
        job.send = send
        return Self.engine.run(job)
    }

    func stillWorks() -> Bool {
        run("pm.test('after', () => pm.expect(1 + 1).to.eql(2));").tests.map(\.passed) == [true]
    }

    @Test func anInfiniteLoopIsStoppedAtTheTimeLimit() {
        for text in ["while (true) {}", "pm.test('spins', () => { for (;;) {} });", "(function f() { for (;;) {} })()"]
        {
            let outcome = run(text)
            let message = outcome.errors.first?.message ?? ""
            #expect(
                message.hasPrefix("stopped after 2") && message.hasSuffix(" ms: scripts may run for 200 ms"), "\(text)")
            #expect(outcome.errors.count == 1)
        }
        #expect(stillWorks())
    }

    @Test func deepRecursionIsARangeError() {
        let outcome = run("function down(n) { return down(n + 1) + 1; }\ndown(0);")
        #expect(outcome.errors.first?.message == "RangeError: Maximum call stack size exceeded.")
        #expect(outcome.errors.first?.line == 1)
        #expect(stillWorks())
    }

    @Test func aHugeAllocationIsStoppedAtTheMemoryLimit() {
        let outcome = run("const s = 'x'.repeat(1 << 30); console.log(s.length);")
        #expect(
            outcome.errors.map(\.message) == ["stopped: the script took more than the 256 MB of memory scripts may use"]
        )
        #expect(stillWorks())
    }

    @Test func builtInsAndTheAPICannotBePollutedForTheNextScript() {
        let first = run(
            """
            Object.prototype.polluted = 'yes';
            Array.prototype.push = function () { return 'hijacked'; };
            JSON.parse = function () { return 'hijacked'; };
            leaked = 'global';
            try { Object.defineProperty(Object.prototype, 'evil', { value: 1 }); } catch (e) { console.log(e.name); }
            try { pm.expect.fail = 1; require('chai').expect.extra = 1; CryptoJS.SHA256 = null; } catch (e) { console.log(e.name); }
            """)
        #expect(first.errors == [])
        #expect(first.console.map(\.text) == ["TypeError"])
        let second = run(
            """
            console.log(typeof ({}).polluted, [].push(1), typeof JSON.parse('{}'), typeof leaked, pm.expect.extra, typeof CryptoJS.SHA256);
            """)
        #expect(second.console.map(\.text) == ["undefined 1 object undefined undefined function"])
    }

    /// What is shared stays as it was (symbol-keyed members, accessors and lodash, loaded later,
    /// included), while an instance still takes its own `message`, `name`, `toString`, … as code
    /// commonly does.
    @Test func sharedObjectsStayAsTheyWereWhileInstancesTakeTheirOwn() {
        let first = run(
            """
            const error = new Error('x'); error.message = 'mine'; error.name = 'Mine';
            const object = {}; object.toString = () => 'own'; object.constructor = 1;
            console.log(error.message, error.name, String(object), object.constructor);
            try { Error.prototype.message = 'changed'; } catch (e) { console.log(e.message); }
            Array.prototype[Symbol.iterator] = function* () { yield 'hijacked'; };
            Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get.extra = 1;
            _.sum = () => 'hijacked'; require('lodash').map = () => 'hijacked';
            """)
        #expect(first.errors == [])
        #expect(
            first.console.map(\.text) == [
                "mine Mine own 1", "Cannot assign to message: Lazer's script sandbox keeps it as it is",
            ])
        let second = run(
            """
            console.log([...['a']].join(), JSON.stringify(Error.prototype.message), _.sum([1, 2]),
              require('lodash').map([1], (n) => n * 2).join(), Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get.extra);
            """)
        #expect(second.errors == [])
        #expect(second.console.map(\.text) == [#"a "" 3 2 undefined"#])
    }

    @Test func whatAScriptDidBeforeItWasStoppedIsKept() {
        let outcome = run(
            "pm.test('before', () => {}); pm.environment.set('seen', 'yes'); console.log('working'); while (true) {}")
        #expect(outcome.tests.map(\.name) == ["before"])
        #expect(outcome.changes.map(\.name) == ["seen"])
        #expect(outcome.console.map(\.text) == ["working"])
        #expect(outcome.errors.count == 1)
        #expect(stillWorks())
    }

    @Test func aScriptsAssignmentsToTheSandboxNamesLastOnlyForItsRun() {
        let first = run(
            """
            pm = 1; console = 2; responseBody = 'mine'; tests = {}; tests['own'] = responseBody === 'mine';
            globalThis.CryptoJS = 3;
            """)
        #expect(first.errors == [])
        #expect(first.tests.map(\.name) == ["own"])
        #expect(first.tests.map(\.passed) == [true])
        let second = run(
            """
            console.log(typeof pm.test, typeof CryptoJS.SHA256, responseBody === pm.response.text(), Object.keys(tests).length);
            """)
        #expect(second.console.map(\.text) == ["function function true 0"])
    }

    @Test func theHostIsOutOfReach() {
        let outcome = run(
            """
            const global = this.constructor.constructor('return this')();
            console.log(typeof global.process, typeof process, typeof global.require, typeof globalThis.native);
            console.log(eval('1 + 1'), typeof Function('return typeof XMLHttpRequest + typeof fetch + typeof WebSocket')());
            try { require('fs'); } catch (e) { console.log(e.message); }
            try { require('child_process'); } catch (e) { console.log(e.message); }
            """)
        #expect(outcome.errors == [])
        #expect(
            outcome.console.map(\.text) == [
                "undefined undefined function undefined", "2 string",
                "require('fs'): not a library Lazer's scripts may load (chai, lodash, crypto-js, uuid, atob, btoa)",
                "require('child_process'): not a library Lazer's scripts may load (chai, lodash, crypto-js, uuid, atob, btoa)",
            ])
        let probe = run("console.log(Function('return typeof XMLHttpRequest + typeof fetch + typeof WebSocket')())")
        #expect(probe.console.map(\.text) == ["undefinedundefinedundefined"])
    }

    @Test func sendRequestToAnotherSchemeIsRefusedBeforeAnythingIsSent() {
        let sent = Mutex(0)
        let outcome = run(
            """
            for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1', 'javascript:alert(1)',
                               '//evil.example/x']) {
              pm.sendRequest(url, (err) => console.log(err.message));
            }
            """,
            send: { _ in
                sent.withLock { $0 += 1 }
                return .failure(ScriptSendFailure("sent"))
            })
        #expect(sent.withLock { $0 } == 0)
        #expect(
            outcome.console.map(\.text)
                == [
                    "file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1", "javascript:alert(1)",
                    "//evil.example/x",
                ]
                .map {
                    "pm.sendRequest sends http:// and https:// URLs (or a path on the environment's base URL) only, not \($0)"
                })
    }

    @Test func aPathIsHandedToTheSendWhichResolvesItOnTheBaseURL() {
        let asked = Mutex<[String]>([])
        let outcome = run(
            "pm.sendRequest('/users/1', (err, res) => console.log(String(res.code)));",
            send: { request in
                asked.withLock { $0.append(request.url) }
                return .success(ScriptResponse(code: 204, reason: "", headers: [], body: [], milliseconds: 1))
            })
        #expect(asked.withLock { $0 } == ["/users/1"])
        #expect(outcome.console.map(\.text) == ["204"])
    }

    @Test func withoutASendPmSendRequestFailsClearly() {
        let outcome = run("pm.sendRequest('http://127.0.0.1:1/', () => {});")
        #expect(outcome.errors.map(\.message) == ["pm.sendRequest cannot send from here"])
    }

    @Test func timeWaitingForASendDoesNotCountAgainstTheScript() {
        let outcome = run(
            "pm.sendRequest('http://127.0.0.1:1/slow', (err, res) => pm.test('answered', () => pm.expect(res.code).to.eql(204)));",
            send: { _ in
                Thread.sleep(forTimeInterval: 0.3)
                return .success(
                    ScriptResponse(code: 204, reason: "No Content", headers: [], body: [], milliseconds: 300))
            })
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [true])
    }
}
