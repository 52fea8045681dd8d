import Foundation
import HTTPCore
import Replay
import StateStore
import Testing
import Workspace

/// The engine against mock environments: chaining, exit statuses, bail, timeouts, selection.
@Suite struct ReplayRunnerTests {
    private let environment = ["LAZER_VAR_password": ChainCollection.password]

    @Test("a secret token captured at login authorises the next request; the captured values are masked")
    func chaining() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run([file], requests: ["login", "me"])
        #expect(report.results.map(\.status) == [.passed, .passed])
        #expect(report.exitStatus == RunExitStatus.passed)
        let login = try #require(report.results.first)
        #expect(
            login.captures == [
                CaptureResult(variable: "token", value: "••••••", secret: true),
                CaptureResult(variable: "userId", value: "7", secret: false),
            ])
        let me = report.results[1]
        #expect(me.url == "http://chain.mock/users/7?key=••••••")
        #expect(me.checks.map(\.passed) == [true, true, true])
        #expect(me.checks[2].actual == "7")
    }

    @Test("cancelling the run's task cancels the request in flight and reports the rest skipped (the Runner view's c)")
    func cancellingTheTaskStopsTheRun() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        // The mock answers "slow" after 60 s: cancelled once the mock has it, it ends at once as an
        // error, and what follows is skipped. (With 5 s, a full parallel test run on 2 cores once
        // resumed this test's wait only after the answer had come.)
        let plan = try fixture.plan([file], requests: ["slow", "undefined"])
        let document = try #require(plan.items.first?.document)
        let environment = try #require(document.collection.environments.first)
        let mock = try fixture.services.dispatchers.mockDispatcher(
            for: environment, collectionID: document.collection.id,
            baseFolder: (document.path as NSString).deletingLastPathComponent)
        let runner = ReplayRunner(services: fixture.services, configuration: RunConfiguration(recordHistory: false))
        let task = Task { await runner.run(plan) }
        for _ in 0..<5000 where !mock.recordedRequests.contains(where: { $0.path == "/slow" }) {
            try await Task.sleep(for: .milliseconds(1))
        }
        task.cancel()
        let report = await task.value
        #expect(report.results.map(\.requestID) == ["slow", "undefined"])
        #expect(report.results[0].status == .error)
        #expect(report.results[1].status == .skipped)
    }

    @Test("a run's preparer never moves the shared server provider the explorer's requests read")
    func preparingForARunLeavesTheSharedProviderAlone() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        #expect(fixture.services.serverProvider.baseURL == nil)
        let report = try await fixture.run([file], requests: ["login", "me"])
        #expect(report.exitStatus == 0)
        #expect(fixture.services.serverProvider.baseURL == nil)
        #expect(fixture.services.serverProvider.environmentName == nil)
    }

    @Test("exit status: 0 all passed, 1 an expectation failed, 3 no response, 2 a request not built")
    func exitStatuses() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let passed = try await fixture.run([file], requests: ["login", "me"])
        #expect(passed.exitStatus == 0)
        let failed = try await fixture.run([file], requests: ["unauthorised"])
        #expect(failed.exitStatus == 1)
        #expect(failed.results[0].checks[0].actual == "401")
        let refused = try await fixture.run([file], requests: ["unauthorised", "refused"])
        #expect(refused.exitStatus == 3)
        let failure = try #require(refused.results[1].failure)
        #expect(failure.kind == "connectionRefused")
        #expect(failure.stage == "connecting")
        #expect(failure.title == "Connection refused")
        let notSent = try await fixture.run([file], requests: ["refused", "undefined"])
        #expect(notSent.exitStatus == 2)
        #expect(notSent.results[1].status == .notSent)
        #expect(notSent.results[1].problems.joined().contains("{{nobody}} is not defined"))
    }

    @Test("failing checks carry expected and actual values, the JSONPath, and secrets masked")
    func failingChecks() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run([file], requests: ["login", "wrong-name"])
        let checks = report.results[1].checks
        #expect(
            checks[0]
                == CheckResult(
                    subject: "jsonPath", path: "$.name", op: "equals", label: "$.name", passed: false,
                    expected: "Grace",
                    actual: "Ada"))
        #expect(checks[1].actual == "••••••")
        #expect(report.exitStatus == 1)
    }

    @Test("--bail skips what follows the first request that does not pass")
    func bail() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run(
            [file], requests: ["login", "unauthorised", "refused"],
            configuration: RunConfiguration(bail: true, recordHistory: false))
        #expect(report.results.map(\.status) == [.passed, .failed, .skipped])
        #expect(report.exitStatus == 1)
    }

    @Test("--timeout bounds requests whose collection sets none, with the translated timeout")
    func timeout() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run(
            [file], requests: ["slow"],
            configuration: RunConfiguration(timeout: .milliseconds(100), recordHistory: false))
        #expect(report.results[0].status == .error)
        #expect(report.results[0].failure?.kind == "totalTimeout")
        #expect(report.exitStatus == 3)
    }

    @Test("--var gives a value (secret when the collection marks the variable secret)")
    func variables() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let report = try await fixture.run(
            [file], requests: ["login", "me"],
            configuration: RunConfiguration(variables: ["password": ChainCollection.password], recordHistory: false))
        #expect(report.results.map(\.status) == [.passed, .passed])
        let wrong = try await fixture.run(
            [file], requests: ["login"],
            configuration: RunConfiguration(variables: ["password": "not-it"], recordHistory: false))
        #expect(wrong.results[0].status == .failed)
    }

    @Test("a run starts from values captured before it (the explorer's sends) and ends with every value it knows")
    func capturedBeforeAndAfter() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let id = "c0ffee00-0000-4000-8000-00000000cafe"
        // Alone, "me" has no token: not sent.
        let alone = try await fixture.run(
            [file], requests: ["me"], configuration: RunConfiguration(recordHistory: false))
        #expect(alone.results.map(\.status) == [.notSent])
        // … and says which request captures what it lacks.
        #expect(
            alone.results[0].problems.first
                == "url: {{userId}} is not defined in the environment, the collection or LAZER_VAR_userId; "
                + "\"Auth/Log in\" captures it: send that first, or run them together")
        // After a login: its values are the run's first layer, and the report hands them back.
        let login = try await fixture.run(
            [file], requests: ["login"], configuration: RunConfiguration(recordHistory: false))
        let captured = try #require(login.captured[id])
        #expect(captured["token"] == VariableScope.Value(ChainCollection.token, secret: true))
        #expect(captured["userId"] == VariableScope.Value("7"))
        let after = try await fixture.run(
            [file], requests: ["me"], configuration: RunConfiguration(recordHistory: false, captured: login.captured))
        #expect(after.results.map(\.status) == [.passed])
        #expect(after.captured[id]?["token"]?.text == ChainCollection.token)
        // --var wins over a value captured before.
        let overridden = try await fixture.run(
            [file], requests: ["me"],
            configuration: RunConfiguration(
                variables: ["userId": "8"], recordHistory: false, captured: login.captured))
        #expect(overridden.results.first?.url.hasPrefix("http://chain.mock/users/8?") == true)
    }

    @Test("the exchanges go to history, redacted; --no-history writes none")
    func history() async throws {
        let fixture = try ReplayFixture(processEnvironment: environment)
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        _ = try await fixture.run(
            [file], requests: ["login", "me"], configuration: RunConfiguration(recordHistory: false))
        let collectionID = "c0ffee00-0000-4000-8000-00000000cafe"
        #expect(try fixture.services.history.entries(collectionID: collectionID).isEmpty)
        _ = try await fixture.run([file], requests: ["login", "me"], configuration: RunConfiguration())
        let entries = try fixture.services.history.database.history(collectionID: collectionID)
        #expect(entries.count == 2)
        let history = entries.joined(separator: "\n")
        #expect(!history.contains(ChainCollection.token))
        #expect(!history.contains(ChainCollection.password))
    }

    @Test("selection: collection order, --folder, --request by id, name or path; unknown ones are usage errors")
    func selection() throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        let all = try fixture.plan([file])
        #expect(
            all.items.map(\.request.id) == [
                "login", "me", "wrong-name", "unauthorised", "refused", "slow", "undefined",
            ])
        #expect(try fixture.plan([file], folder: "Auth").items.map(\.request.id) == ["login", "me"])
        #expect(
            try fixture.plan([file], requests: ["Failures/Refused", "Who am I", "login"]).items.map(\.request.id) == [
                "login", "me", "refused",
            ])
        #expect(throws: RunUsageError.self) { try fixture.plan([file], folder: "Nope") }
        #expect(throws: RunUsageError.self) { try fixture.plan([file], requests: ["nope"]) }
        #expect(throws: RunUsageError.self) { try fixture.plan([file], environment: "staging") }
    }

    @Test("a broken collection file is reported with line and column and nothing runs")
    func brokenCollection() throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(
            ChainCollection.text.replacing("\"method\": \"POST\"", with: "\"method\": \"P ST\""), to: "broken.json")
        let loaded = RunLoader.load([file], services: fixture.services)
        #expect(loaded.documents.isEmpty)
        #expect(loaded.failures == ["\(file): not loaded"])
        #expect(loaded.diagnostics.first?.description.hasPrefix("\(file):") == true)
        #expect(RunLoader.load([fixture.file("missing.json")], services: fixture.services).failures.count == 1)
    }

    @Test("the shipped jsonplaceholder collection passes against its mock environment")
    func jsonplaceholder() async throws {
        let fixture = try ReplayFixture()
        let report = try await fixture.run(
            [ReplayFixture.repositoryRoot + "/Collections/jsonplaceholder.json"],
            configuration: RunConfiguration(environment: "mock", recordHistory: false))
        #expect(report.results.count == 15)
        #expect(report.exitStatus == 0, "\(report.results.filter { $0.status != .passed })")
    }

    @Test("the shipped showcase collection shows each failure kind translated; exit status 2")
    func showcase() async throws {
        let fixture = try ReplayFixture()
        let report = try await fixture.run(
            [ReplayFixture.repositoryRoot + "/Collections/showcase.json"],
            configuration: RunConfiguration(environment: "mock", recordHistory: false))
        let byID = Dictionary(uniqueKeysWithValues: report.results.map { ($0.requestID, $0) })
        #expect(byID["sc-login"]?.status == .passed)
        #expect(byID["sc-create-note"]?.status == .passed)
        #expect(byID["sc-timeout"]?.failure?.kind == "totalTimeout")
        #expect(byID["sc-dns"]?.failure?.kind == "dnsFailure")
        #expect(byID["sc-refused"]?.failure?.kind == "connectionRefused")
        #expect(byID["sc-not-json"]?.status == .failed)
        #expect(byID["sc-unresolved"]?.status == .notSent)
        #expect(report.exitStatus == RunExitStatus.collectionError)
        for result in report.results {
            #expect(result.failure.map { !$0.title.isEmpty && !$0.title.contains("curl") } ?? true)
        }
    }
}
