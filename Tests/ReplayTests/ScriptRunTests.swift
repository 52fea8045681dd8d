import Foundation
import Replay
import Scripting
import Testing
import Workspace

/// `lazer run` with scripts (issue 32), run by the real engine against a mock environment: the
/// order Postman runs them in, a pre-request script that changes the request, tests as checks,
/// variables handed on, and a run that does not trust scripts sending nothing.
@Suite struct ScriptRunTests {
    static let engine = JavaScriptEngine()

    static let collection = #"""
        {
          "formatVersion": 1, "id": "script-run", "name": "Shop", "defaultEnvironment": "mock",
          "scripts": {"preRequest": "pm.variables.set('trail', 'collection');",
                      "test": "pm.test('collection sees ' + pm.response.code, () => pm.expect(pm.response.code).to.be.below(500));"},
          "folders": [{"name": "Users",
            "scripts": {"preRequest": "pm.variables.set('trail', pm.variables.get('trail') + '>folder');"},
            "requests": [
              {"id": "login", "name": "Login", "method": "POST", "url": "/login",
               "body": {"type": "text", "text": "{\"user\": \"{{user}}\"}", "contentType": "application/json"},
               "scripts": {
                 "preRequest": "pm.request.headers.add({key: 'X-Trail', value: pm.variables.get('trail') + '>request'});\npm.request.headers.add({key: 'X-Sum', value: CryptoJS.SHA256(pm.variables.replaceIn(pm.request.body.raw)).toString()});",
                 "test": "const body = pm.response.json();\npm.test('token issued', () => pm.expect(body.token).to.be.a('string'));\npm.test('user is grace', () => pm.expect(body.user).to.eql('grace'));\npm.environment.set('token', body.token);\nconsole.log('logged in as', body.user);"}},
              {"id": "me", "name": "Me", "method": "GET", "url": "/me",
               "headers": [{"name": "Authorization", "value": "Bearer {{token}}"}],
               "scripts": {"test": "pm.test('sent the token', () => pm.expect(pm.request.headers.get('Authorization')).to.eql('Bearer T-1'));\npm.test('the token is in the environment', () => pm.expect(pm.environment.get('token') + environment.token + pm.globals.get('token')).to.eql('T-1T-1T-1'));\nnull.boom;"}}
            ]}],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://shop.mock",
            "variables": [{"name": "user", "value": "ada"}],
            "routes": [
              {"method": "POST", "path": "/login", "response": {"json": {"token": "T-1", "user": "ada"}}},
              {"method": "GET", "path": "/me", "response": {"json": {"id": 1}}}
            ]}]
        }
        """#

    @Test func aCollectionFileSaysBeforeItIsParsedWhetherItMayHoldScripts() {
        #expect(RunPlan.mayHaveScripts(Array(Self.collection.utf8)))
        #expect(RunPlan.mayHaveScripts(Array(#"{"scripts":{}}"#.utf8)))
        #expect(RunPlan.mayHaveScripts(Array("{\"scripts\" \n : {}}".utf8)))
        #expect(!RunPlan.mayHaveScripts(Array(#"{"requests": [{"name": "scripts"}], "notes": "no scripts"}"#.utf8)))
        #expect(!RunPlan.mayHaveScripts(Array(#""scripts""#.utf8)))
        #expect(!RunPlan.mayHaveScripts([]))
    }

    func run(trust: Bool) async throws -> RunReport {
        let fixture = try ReplayFixture(scripts: Self.engine)
        let file = try fixture.write(Self.collection, to: "shop.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.trustScripts = trust
        return try await fixture.run([file], configuration: configuration)
    }

    @Test func scriptsRunInPostmansOrderAndTheirTestsAreChecks() async throws {
        let report = try await run(trust: true)
        let login = try #require(report.results.first)
        #expect(
            login.checks.map(\.label) == ["collection sees 200", "token issued", "user is grace"])
        #expect(login.checks.map(\.passed) == [true, true, false])
        #expect(login.checks.map(\.path) == ["collection Shop", "request Login", "request Login"])
        #expect(login.checks[2].actual == "expected 'ada' to deeply equal 'grace'")
        #expect(login.scriptConsole == ["logged in as ada"])
        #expect(login.status == .failed)
    }

    @Test func aPreRequestScriptsHeadersAreSentAndItsVariablesReachTheNextRequest() async throws {
        let fixture = try ReplayFixture(scripts: Self.engine)
        let file = try fixture.write(Self.collection, to: "shop.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.trustScripts = true
        configuration.keepsExchangeDetails = true
        let report = try await fixture.run([file], configuration: configuration)
        let sent = try #require(report.results.first?.details?.requestHeaders)
        #expect(sent.first { $0.name == "X-Trail" }?.value == "collection>folder>request")
        // The SHA-256 of the body as sent, its placeholder filled: {"user": "ada"}.
        #expect(
            sent.first { $0.name == "X-Sum" }?.value
                == "3fed79fd1803132a662b3d99a39a13833c6780d30f97d890f07fe4fc58d7a9ed")
        let me = try #require(report.results.last)
        #expect(
            me.checks.map(\.label) == [
                "collection sees 200", "sent the token", "the token is in the environment", "request Me script",
            ])
        #expect(me.checks.map(\.passed) == [true, true, true, false])
        #expect(me.checks[3].actual.hasPrefix("line 3:"))
        #expect(me.checks[3].actual.contains("TypeError"))
    }

    @Test func withoutTrustARequestWithScriptsIsNotSent() async throws {
        let report = try await run(trust: false)
        #expect(report.results.map(\.status) == [.notSent, .notSent])
        #expect(report.results.first?.problems.first?.contains("--trust-scripts") == true)
        #expect(report.exitStatus == RunExitStatus.collectionError)
    }
}

extension ScriptRunTests {
    @Test func theJSONReportCarriesScriptChecksAndConsoleAndMatchesItsSchema() async throws {
        let fixture = try ReplayFixture(scripts: Self.engine)
        let file = try fixture.write(Self.collection, to: "shop.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.trustScripts = true
        let report = try await fixture.run([file], configuration: configuration)
        let json = ReporterTests.render(.json, report)
        #expect(json.contains(#""scriptConsole":["logged in as ada"]"#) || json.contains(#""scriptConsole" : ["#))
        #expect(json.contains(#""subject":"script""#) || json.contains(#""subject" : "script""#))
        // JUnit puts the console in the test case's output, where CI systems show it.
        #expect(ReporterTests.render(.junit, report).contains("<system-out>logged in as ada</system-out>"))
        let written = try fixture.write(json, to: "report.json")
        let (status, output) = try ReporterTests.validateAgainstRunReportSchema([written])
        #expect(status == 0, "\(output)")
    }
}

extension ScriptRunTests {
    /// The explorer's Runner trusts file by file: a refused file does not stop a trusted one's scripts.
    @Test func onlyTheTrustedFilesScriptsRun() async throws {
        let fixture = try ReplayFixture(scripts: Self.engine)
        let trusted = try fixture.write(Self.collection, to: "shop.json")
        let refused = try fixture.write(
            Self.collection.replacingOccurrences(of: #""id": "script-run""#, with: #""id": "script-run-2""#),
            to: "shop-copy.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.trustedScriptFiles = [trusted]
        let report = try await fixture.run([trusted, refused], configuration: configuration)
        #expect(report.results.map(\.collectionFile) == [trusted, trusted, refused, refused])
        #expect(report.results.prefix(2).allSatisfy { $0.status != .notSent })
        #expect(report.results.suffix(2).allSatisfy { $0.status == .notSent })
    }
}
