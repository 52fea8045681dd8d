import Foundation
import Futures
import HTTPCore
import Replay
import Scripting
import Testing
import Workspace

/// `pm.sendRequest` (issue 32): a script's request carries none of the collection's credentials,
/// and a server that never answers ends it at the timeout instead of holding the script.
@Suite struct ScriptSenderTests {
    /// The collection's bearer token must not reach a URL the script chose: the mock answers
    /// `leaked: true` only to a request that carries it.
    static let collection = #"""
        {
          "formatVersion": 1, "id": "script-sender", "name": "Sender", "defaultEnvironment": "mock",
          "auth": {"type": "bearer", "token": "collection-secret"},
          "requests": [
            {"id": "main", "name": "Main", "method": "GET", "url": "/main",
             "scripts": {"test": "pm.sendRequest('/probe', (err, res) => pm.test('no credentials sent', () => pm.expect(res.json().leaked).to.eql(false)));\npm.sendRequest({url: '/probe', header: {Authorization: 'Bearer collection-secret'}}, (err, res) => pm.test('its own header sent', () => pm.expect(res.json().leaked).to.eql(true)));"}}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://sender.mock",
            "routes": [
              {"method": "GET", "path": "/main", "headers": [{"name": "Authorization", "value": "Bearer collection-secret"}],
               "response": {"json": {"main": true}}},
              {"method": "GET", "path": "/probe", "headers": [{"name": "Authorization", "value": "Bearer collection-secret"}],
               "response": {"json": {"leaked": true}}},
              {"method": "GET", "path": "/probe", "response": {"json": {"leaked": false}}}
            ]}]
        }
        """#

    @Test func aScriptsRequestCarriesNoneOfTheCollectionsAuth() async throws {
        let fixture = try ReplayFixture(scripts: ScriptRunTests.engine)
        let file = try fixture.write(Self.collection, to: "sender.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.trustScripts = true
        let report = try await fixture.run([file], configuration: configuration)
        let main = try #require(report.results.first)
        #expect(main.checks.map(\.label) == ["no credentials sent", "its own header sent"])
        #expect(main.checks.map(\.passed) == [true, true], "\(main.checks.map(\.actual))")
        // The reports list what the scripts sent.
        #expect(main.scriptRequests.map(\.url) == ["http://sender.mock/probe", "http://sender.mock/probe"])
        #expect(main.scriptRequests.map(\.status) == [200, 200])
        #expect(main.scriptRequests.allSatisfy { $0.stage == "test" && $0.method == "GET" })
        let human = ReporterTests.render(.human, report)
        #expect(human.contains("sent test pm.sendRequest GET http://sender.mock/probe → 200 ("), "\(human)")
        let json = ReporterTests.render(.json, report)
        #expect(json.contains("scriptRequests"))
        #expect(ReporterTests.render(.junit, report).contains("test pm.sendRequest GET http://sender.mock/probe → 200"))
        let written = try fixture.write(json, to: "report.json")
        let (status, output) = try ReporterTests.validateAgainstRunReportSchema([written])
        #expect(status == 0, "\(output)")
        // A merged report keeps them (and the console).
        let merged = try ReportMerge.decode(Data(json.utf8), name: "report.json")
        #expect(merged.results.first?.scriptRequests == main.scriptRequests)
        #expect(merged.results.first?.scriptConsole == main.scriptConsole)
    }

    @Test func aScriptsRequestThatGetsNoAnswerEndsAtTheTimeout() throws {
        let fixture = try ReplayFixture(liveDispatcher: SilentDispatcher())
        let file = try fixture.write(
            #"""
            {"formatVersion": 1, "id": "silent", "name": "Silent", "defaultEnvironment": "live",
             "options": {"timeoutSeconds": 0.2},
             "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}]}
            """#, to: "silent.json")
        let document = try #require(RunLoader.load([file], services: fixture.services).documents.first)
        let send = ScriptSender.make(preparer: fixture.services.preparer(for: document), captures: [:])
        let answer = send(ScriptRequest(method: "GET", url: "/hangs"))
        #expect(answer == .failure(ScriptSendFailure("no answer within 200 ms (the request was cancelled)")))
    }
}

/// A server that never answers: its futures never complete (until cancelled).
private struct SilentDispatcher: DataDispatcher {
    let scheduler: any Scheduler = ImmediateScheduler()

    func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        ResponseFuture(scheduler: scheduler) { _ in }
    }
}
