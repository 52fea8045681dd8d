import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// "Save the response as a mock route" (`M`) for a GraphQL request (issue 28): the route matches
/// the operation and its variables (a `graphql` matcher), not the whole body, and goes before the
/// environment's route that answers every POST to the path.
@MainActor
struct GraphQLMockRouteTests {
    static let key = RequestKey(collectionID: GraphQLEditorTests.id, requestID: "user")

    private func savedRoutes(sent: SentRequest?) throws -> [SavedMockRoute] {
        var fixture = try ReducerFixture(
            GraphQLVariablesEditorTests.files(), startup: StartupRequest(request: "User"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        var result = try Results.json(#"{"data":{"user":{"name":"Ada"}}}"#, generation: job.generation)
        result.url = "http://dev.mock/graphql"
        result.method = "POST"
        result.sent = sent
        fixture.driver.reduce(.exchangeFinished(Self.key, result))
        fixture.driver.press("g", "3", "M")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("no prompt")
            return []
        }
        #expect(prompt.title.contains("POST /graphql (GraphQL User"))
        for effect in fixture.driver.press("enter") {
            if case .save(let document, _) = effect {
                return document.collection.environment(named: "dev")?.routes ?? []
            }
        }
        Issue.record("nothing saved")
        return []
    }

    @Test func theRouteMatchesTheOperationAndTheVariablesSent() throws {
        let body = #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"7"}}"#
        let sent = SentRequest(
            method: "POST", url: "http://dev.mock/graphql", headers: [],
            body: .text(lines: [body], size: body.utf8.count, cut: false))
        let routes = try savedRoutes(sent: sent)
        #expect(routes.count == 2)
        let route = try #require(routes.first)
        #expect(route.path == "/graphql")
        #expect(route.json == nil)
        #expect(route.graphql?.operation == "User")
        #expect(route.graphql?.variables?.compact() == #"{"id":"7"}"#)
        // The environment's route for every POST /graphql comes after it (else it would answer first).
        #expect(routes.last?.graphql == nil)
    }

    @Test func withoutTheBodyAsSentTheRequestsOwnVariablesAreMatched() throws {
        let route = try #require(try savedRoutes(sent: nil).first)
        #expect(route.graphql?.operation == "User")
        #expect(route.graphql?.variables?.compact() == #"{"id":"1"}"#)
    }
}
