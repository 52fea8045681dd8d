import Scripting
import Testing
import Workspace

/// Every member of the `pm` API and the legacy sandbox names, as imported Postman scripts use them.
@Suite struct ScriptAPITests {
    let engine = ScriptEngineTests.engine

    func run(
        _ text: String, stage: ScriptJob.Stage = .test, variables: ScriptVariables = ScriptVariables(),
        send: (@Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>)? = nil
    ) -> ScriptOutcome {
        var job = ScriptEngineTests.job(
            text, stage: stage, response: stage == .test ? ScriptEngineTests.okJSON : nil, variables: variables)
        job.send = send
        return engine.run(job)
    }

    @Test func responseMembersReadTheResponse() {
        let outcome = run(
            """
            console.log(pm.response.code, pm.response.status, pm.response.responseTime, pm.response.responseSize);
            console.log(pm.response.headers.get('content-type'), pm.response.text().length, pm.response.json().tags[1]);
            pm.response.to.have.status(200);
            pm.response.to.have.status('OK');
            pm.response.to.be.ok;
            pm.response.to.be.success;
            pm.response.to.not.be.error;
            pm.response.to.have.header('Content-Type');
            pm.response.to.have.header('Content-Type', 'application/json');
            pm.response.to.be.json;
            pm.response.to.have.jsonBody('user.name', 'ada');
            """)
        #expect(outcome.errors == [])
        #expect(outcome.console.map(\.text) == ["200 OK 12 47", "application/json 47 b"])
    }

    @Test func aResponseAssertionThatFailsSaysWhatItExpected() {
        let outcome = run("pm.test('created', () => pm.response.to.have.status(201));")
        #expect(outcome.tests.map(\.passed) == [false])
        #expect(outcome.tests.first?.message == "expected response to have status code 201 but got 200")
    }

    @Test func expectIsChaiBDD() {
        let outcome = run(
            """
            pm.test('chain', () => {
              pm.expect([1, 2, 3]).to.include(2).and.have.lengthOf(3);
              pm.expect({ a: { b: 1 } }).to.have.nested.property('a.b', 1);
              pm.expect('lazer').to.be.a('string').that.matches(/^la/);
              pm.expect(5).to.be.above(4).and.below(6);
            });
            pm.test('fails', () => pm.expect(null).to.exist);
            """)
        #expect(outcome.tests.map(\.passed) == [true, false])
        #expect(outcome.tests.last?.message == "expected null to exist")
    }

    @Test func variablesAreReadBySpecificityAndSetsAreReported() {
        let variables = ScriptVariables(
            environment: ["host": "env-host", "token": "t0"], collection: ["host": "col-host", "only": "c"],
            globals: ["g": "1"], local: ["captured": "x"], secretNames: ["token"])
        let outcome = run(
            """
            console.log(pm.variables.get('host'), pm.variables.get('only'), pm.variables.get('g'), pm.variables.get('captured'));
            console.log(pm.environment.get('host'), pm.collectionVariables.get('host'), pm.globals.has('g'));
            pm.environment.set('token', 'fresh');
            pm.collectionVariables.set('count', 3);
            pm.globals.unset('g');
            pm.variables.set('step', { n: 1 });
            console.log(pm.variables.replaceIn('{{host}}/{{step}}/{{missing}}'), pm.environment.get('token'));
            """, variables: variables)
        #expect(outcome.errors == [])
        #expect(
            outcome.console.map(\.text) == [
                "env-host c 1 x", "env-host col-host true", #"env-host/{"n":1}/{{missing}} fresh"#,
            ])
        #expect(
            outcome.changes == [
                ScriptVariableChange(scope: .environment, name: "token", value: "fresh", secret: true),
                ScriptVariableChange(scope: .collection, name: "count", value: "3"),
                ScriptVariableChange(scope: .globals, name: "g", value: nil),
                ScriptVariableChange(scope: .local, name: "step", value: #"{"n":1}"#),
            ])
    }

    @Test func aPreRequestScriptChangesTheRequestToBeSent() {
        let outcome = run(
            """
            pm.request.headers.add({ key: 'X-Signature', value: 'abc' });
            pm.request.headers.upsert({ key: 'Accept', value: 'text/plain' });
            pm.request.url = pm.request.url.toString() + '?sig=1';
            pm.request.method = 'put';
            pm.request.body = { mode: 'raw', raw: '{"b":2}' };
            """, stage: .preRequest)
        #expect(outcome.errors == [])
        #expect(
            outcome.request
                == ScriptRequest(
                    method: "PUT", url: "http://127.0.0.1/login?sig=1",
                    headers: [ScriptHeader("X-Signature", "abc"), ScriptHeader("Accept", "text/plain")],
                    body: #"{"b":2}"#))
        #expect(run("console.log(pm.request.method)", stage: .preRequest).request == nil)
    }

    @Test func infoAndConsoleLevels() {
        let outcome = run(
            """
            console.log(pm.info.requestName, pm.info.requestId, pm.info.iteration, pm.info.eventName);
            console.warn({ a: 1 }); console.error(new Error('bad')); console.info([1, 'two']);
            """)
        #expect(outcome.console.map(\.level) == [.log, .warn, .error, .info])
        #expect(outcome.console.map(\.text) == ["Login r1 0 test", #"{"a":1}"#, "Error: bad", #"[1,"two"]"#])
    }

    @Test func legacySandboxNames() {
        let outcome = run(
            """
            var data = JSON.parse(responseBody);
            tests["status is 200"] = responseCode.code === 200;
            tests["has a tag c"] = data.tags.indexOf('c') >= 0;
            tests["header"] = responseHeaders['Content-Type'] === 'application/json' && postman.getResponseHeader('content-type') !== undefined;
            tests["fast"] = responseTime < 100;
            postman.setEnvironmentVariable('id', data.user.id);
            postman.setGlobalVariable('seen', 'yes');
            console.log(environment.base, globals.g, iteration, request.method);
            """, variables: ScriptVariables(environment: ["base": "b"], globals: ["g": "G"]))
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.name) == ["status is 200", "has a tag c", "header", "fast"])
        #expect(outcome.tests.map(\.passed) == [true, false, true, true])
        #expect(outcome.tests[1].message == #"tests["has a tag c"] was false"#)
        #expect(outcome.changes.map(\.value) == ["7", "yes"])
        #expect(outcome.console.map(\.text) == ["b G 0 POST"])
    }

    @Test func cryptoJSDigestsMatchKnownValues() {
        let outcome = run(
            """
            const C = require('crypto-js');
            console.log(CryptoJS.SHA256('abc').toString());
            console.log(C.HmacSHA256('The quick brown fox jumps over the lazy dog', 'key').toString());
            console.log(C.HmacSHA256('message', 'key').toString(C.enc.Base64));
            console.log(C.MD5('').toString(), C.SHA1('abc').toString(C.enc.Hex));
            console.log(C.enc.Base64.stringify(C.enc.Utf8.parse('héllo')), C.enc.Utf8.stringify(C.enc.Base64.parse('aMOpbGxv')));
            console.log(btoa('user:pass'), atob('dXNlcjpwYXNz'));
            """)
        #expect(outcome.errors == [])
        #expect(
            outcome.console.map(\.text) == [
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
                "bp7ym3X//Ft6uuUn1Y/a2y/kLnIZARl2kXNDBl9Y7Uo=",
                "d41d8cd98f00b204e9800998ecf8427e a9993e364706816aba3e25717850c26c9cd0d89d",
                "aMOpbGxv héllo",
                "dXNlcjpwYXNz user:pass",
            ])
    }

    @Test func requireLoadsTheAllowlistAndNamesWhatItRefuses() {
        let outcome = run(
            """
            console.log(require('lodash').get({ a: [{ b: 5 }] }, 'a[0].b'), _.sum([1, 2]), typeof require('chai').expect);
            console.log(/^[0-9a-f-]{36}$/.test(require('uuid').v4()));
            require('moment');
            """)
        #expect(outcome.console.map(\.text) == ["5 3 function", "true"])
        #expect(
            outcome.errors.map(\.message) == [
                "require('moment'): not a library Lazer's scripts may load (chai, lodash, crypto-js, uuid, atob, btoa)"
            ])
        #expect(outcome.errors.first?.line == 3)
    }

    @Test func sendRequestGoesThroughTheJobsSendAndCallsBackAfterTheScript() {
        let outcome = run(
            """
            pm.sendRequest({ url: 'http://127.0.0.1:1/token', method: 'POST', header: { 'X-A': 'b' }, body: { mode: 'raw', raw: 'hi' } },
              function (err, res) {
                console.log('callback', err, res.code, res.json().token);
                pm.environment.set('token', res.json().token);
                pm.test('token came', () => pm.expect(res.json().token).to.eql('abc'));
              });
            console.log('after send');
            pm.sendRequest('http://127.0.0.1:1/down', (err, res) => console.log(err.message, res));
            """,
            send: { request in
                guard request.url.hasSuffix("/token") else { return .failure(ScriptSendFailure("connection refused")) }
                #expect(
                    request.method == "POST" && request.headers == [ScriptHeader("X-A", "b")] && request.body == "hi")
                return .success(
                    ScriptResponse(
                        code: 200, reason: "OK", headers: [], body: Array(#"{"token":"abc"}"#.utf8), milliseconds: 1))
            })
        #expect(outcome.errors == [])
        #expect(outcome.console.map(\.text) == ["after send", "callback null 200 abc", "connection refused undefined"])
        #expect(outcome.tests.map(\.passed) == [true])
        #expect(outcome.changes.map(\.value) == ["abc"])
    }

    @Test func scriptsRunInOrderAndOneFailingDoesNotStopTheNext() {
        var job = ScriptEngineTests.job("", response: ScriptEngineTests.okJSON)
        job.scripts = [
            ScriptSource("pm.variables.set('order', 'collection');", origin: "collection Shop"),
            ScriptSource("null.boom;", origin: "folder Users"),
            ScriptSource("pm.test('saw ' + pm.variables.get('order'), () => {});", origin: "request Login"),
        ]
        let outcome = engine.run(job)
        #expect(outcome.tests.map(\.name) == ["saw collection"])
        #expect(outcome.tests.map(\.origin) == ["request Login"])
        #expect(outcome.errors.map(\.origin) == ["folder Users"])
        #expect(outcome.errors.first?.line == 1)
    }

    @Test func syntaxErrorsAreFoundWithTheirLine() {
        #expect(engine.syntaxError(in: "pm.test('a', () => {});", origin: "request A") == nil)
        let error = engine.syntaxError(in: "var a = 1;\nif (a {\n}", origin: "request A")
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("SyntaxError") == true)
    }
}

extension ScriptAPITests {
    @Test func aScriptMayDeclareTheSandboxsNamesAsItsOwn() {
        let outcome = run(
            """
            const CryptoJS = require('crypto-js');
            const atob = require('atob');
            let data = JSON.parse(responseBody);
            var _ = require('lodash');
            pm.test('declared', () => pm.expect(CryptoJS.MD5('').toString() + atob('YQ==') + data.user.id + _.VERSION).to.eql('d41d8cd98f00b204e9800998ecf8427ea74.17.21'));
            """)
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [true])
    }
}

extension ScriptAPITests {
    @Test func legacyStringHasAndResponseCookies() {
        var job = ScriptEngineTests.job(
            """
            tests['has ada'] = responseBody.has('ada');
            tests['no bob'] = !responseBody.has('bob');
            console.log(responseCookies.length, postman.getResponseCookie('sid').value, pm.cookies.get('theme'), pm.cookies.has('x'));
            """)
        job.response = ScriptResponse(
            code: 200, reason: "OK",
            headers: [
                ScriptHeader("Set-Cookie", "sid=abc; Path=/; HttpOnly"), ScriptHeader("set-cookie", "theme=dark"),
            ],
            body: Array(#"{"name":"ada"}"#.utf8), milliseconds: 1)
        let outcome = engine.run(job)
        #expect(outcome.errors == [])
        #expect(outcome.tests.map(\.passed) == [true, true])
        #expect(outcome.console.map(\.text) == ["2 abc dark false"])
    }
}

extension ScriptAPITests {
    @Test func cookiesComeFromTheJarWhenTheRunHasOne() {
        var job = ScriptEngineTests.job(
            "console.log(pm.cookies.get('session'), pm.cookies.has('sid'), responseCookies.length);",
            response: ScriptEngineTests.okJSON)
        job.cookies = [ScriptHeader("session", "from-a-redirect"), ScriptHeader("theme", "dark")]
        let outcome = engine.run(job)
        #expect(outcome.console.map(\.text) == ["from-a-redirect false 2"])
    }
}
