import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// A send that meets `{{$prompt}}` / `{{$select}}`, through the whole loop: F5 asks first (the
/// preview says "asked at send"), the answers go with the send job, the next send is pre-filled,
/// Esc sends nothing, and a bad dynamic value's block says its own problem.
struct SendPromptsReducerTests {
    static let collectionID = "prom-0000-4000-8000-000000000001"
    static let file = FixtureFile.text(
        "prompts.json",
        """
        {
          "formatVersion": 1,
          "id": "\(collectionID)",
          "name": "Prompts",
          "defaultEnvironment": "dev",
          "environments": [ { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [] } ],
          "requests": [
            { "id": "p-order", "name": "Order", "method": "GET", "url": "/orders/{{$prompt \\"Order id\\"}}",
              "headers": [ { "name": "X-Key", "value": "{{$prompt \\"API key\\"}}" },
                           { "name": "X-Region", "value": "{{$select \\"Region\\" eu us}}" } ] },
            { "id": "p-bad", "name": "Bad", "method": "GET", "url": "/n/{{$randomInt 5 1}}" }
          ]
        }
        """)
    static let order = RequestKey(collectionID: collectionID, requestID: "p-order")

    private func fixture(_ request: String = "p-order") throws -> ReducerFixture {
        try ReducerFixture([Self.file], startup: StartupRequest(request: request))
    }

    @Test func aSendAsksEachPromptThenSendsTheAnswersAndTheNextSendIsPrefilled() throws {
        var fixture = try fixture()
        #expect(fixture.driver.render().contains(#"…  ? asked at send: "Order id", "API key", "Region""#))
        #expect(fixture.driver.press("F5").sendJobs.isEmpty)
        guard case .sendPrompts(let asking)? = fixture.driver.state.overlay else {
            Issue.record("F5 should ask first, not \(String(describing: fixture.driver.state.overlay))")
            return
        }
        #expect(asking.prompts.map(\.label) == ["Order id", "API key", "Region"])
        #expect(fixture.driver.render().contains("Order id (1 of 3)"))
        fixture.driver.type("42")
        fixture.driver.press("enter")
        fixture.driver.type("k3y-value")
        let masked = fixture.driver.render()
        #expect(masked.contains("API key (2 of 3)"))
        #expect(!masked.contains("k3y-value"))
        #expect(masked.contains("•••••••••"))
        fixture.driver.press("enter")
        #expect(fixture.driver.render().contains("▸ eu"))
        fixture.driver.press("down")
        let job = try #require(fixture.driver.press("enter").sendJobs.first)
        #expect(job.key == Self.order)
        #expect(job.answers == ["Order id": "42", "API key": "k3y-value", "Region": "us"])
        #expect(fixture.driver.state.overlay == nil)

        // The next send asks again, pre-filled with the last answers.
        #expect(fixture.driver.press("F5").sendJobs.isEmpty)
        guard case .sendPrompts(let again)? = fixture.driver.state.overlay else {
            Issue.record("the second send should ask again")
            return
        }
        #expect(again.field.text == "42")
        // Esc: nothing is sent, and the status line says so.
        #expect(fixture.driver.press("esc").sendJobs.isEmpty)
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.toast?.message == #"Not sent: "Order id" was not answered"#)
    }

    @Test func theRunnerTakesTheAnswersGivenThisSession() throws {
        var fixture = try fixture()
        fixture.driver.press("F5")
        fixture.driver.type("9")
        fixture.driver.press("enter")
        fixture.driver.press("enter")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.overlays.promptAnswers == ["Order id": "9", "API key": "", "Region": "eu"])
        let effects = fixture.driver.reduce(.command(.runner(.runCollection)))
        let job = try #require(
            effects.compactMap { effect -> RunJob? in if case .run(let job) = effect { job } else { nil } }.first)
        #expect(job.answers == ["Order id": "9", "API key": "", "Region": "eu"])
    }

    @Test func aBadDynamicValueSaysItsOwnProblemNotUnresolvedVariables() throws {
        var fixture = try fixture("p-bad")
        #expect(fixture.driver.press("F5").sendJobs.isEmpty)
        guard case .sendBlocked(let problems, _, let heading)? = fixture.driver.state.overlay else {
            Issue.record("the send should be blocked")
            return
        }
        #expect(heading == "{{$randomInt 5 1}} cannot be computed")
        #expect(problems == ["url: {{$randomInt 5 1}}: MIN (5) must be less than MAX (1), which is excluded"])
        let screen = fixture.driver.render()
        #expect(screen.contains("✖ {{$randomInt 5 1}} cannot be computed"))
        #expect(!screen.contains("Unresolved variables"))
        #expect(!screen.contains("have no value"))
    }
}
