import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// A collection whose GraphQL schema comes by introspection (issue 28): the query is sent as the
/// selected request in its environment (a mock endpoint answering what a server built on the test
/// schema answers), the answer is cached per user, the editor says where the schema is from and
/// how old it is, the palette's command fetches it again, and a server that refuses introspection
/// is said so.
@MainActor
struct GraphQLIntrospectionTests {
    static let id = "graphql-0000-4000-8000-000000000128"

    /// `Introspected`: one request, `User`, on a mock endpoint that answers `answer` (with `status`).
    static func files(answer: String, status: Int = 200) -> [FixtureFile] {
        [
            .text(
                "introspected.json",
                """
                {
                  "formatVersion": 1,
                  "id": "\(id)",
                  "name": "Introspected",
                  "defaultEnvironment": "dev",
                  "graphqlSchema": { "introspect": true },
                  "requests": [
                    { "id": "user", "name": "User", "method": "POST", "url": "/graphql",
                      "headers": [ { "name": "Authorization", "value": "Bearer {{token}}" } ],
                      "body": { "type": "graphql", "query": "query User {\\n  user(id: \\"1\\") {\\n    name\\n  }\\n}\\n" } }
                  ],
                  "environments": [
                    { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "variables": [ { "name": "token", "value": "t0ken" } ],
                      "routes": [
                      { "method": "POST", "path": "/graphql", "response": { "status": \(status), "json": \(answer) } }
                    ] }
                  ]
                }
                """)
        ]
    }

    /// What a server built on the test schema answers to the introspection query.
    static func answer() async throws -> String {
        let sdl = try String(
            contentsOfFile: Shipped.repositoryRoot + "/Sources/LoopbackTesting/graphql_test_schema.graphql",
            encoding: .utf8)
        return try await GraphQLSchemaDocument(sdl: sdl).introspectionAnswer()
    }

    /// Settles the harness until `done` (the introspection runs through the run engine, a task of
    /// its own): a bound on rounds, not on time.
    private func settle(_ harness: ExplorerHarness, until done: () -> Bool) async throws {
        for _ in 0..<20_000 {
            harness.settle()
            if done() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the introspection never came back:\n\(harness.screen)")
    }

    private func schema(_ harness: ExplorerHarness) -> GraphQLSchemaSlot? {
        harness.state.collections.first { $0.collectionID == Self.id }?.graphqlSchema
    }

    private func introspected(_ harness: ExplorerHarness) -> Bool {
        if case .introspected? = schema(harness) { true } else { false }
    }

    @Test func theSchemaIsFetchedCachedAndTheQueryCheckedAgainstIt() async throws {
        let folder = try HarnessFolder()
        let harness = try ExplorerHarness(
            collections: Self.files(answer: try await Self.answer()), folder: folder,
            startup: StartupRequest(request: "User"))
        try await settle(harness) { introspected(harness) }
        #expect(harness.shows("Schema fetched from http://dev.mock/graphql: "))
        harness.press("alt+3")
        #expect(harness.shows("✓ matches the schema  · schema from introspection, fetched just now"))
        // The cache holds the answer for the environment and the endpoint.
        let cache = IntrospectionCache(directories: UserDirectories(config: folder.config, state: folder.state))
        let entry = try cache.entry(environment: "dev", url: "http://dev.mock/graphql")
        #expect(entry?.answer.contains("\"__schema\"") == true)
        // A typo is found against the introspected schema.
        harness.press("enter", "ctrl+home", "down", "down", "end")
        harness.type("x")
        harness.advance(by: GraphQLCheckJob.typingDelay)
        #expect(harness.shows("✖ 3:5 Cannot query field \"namex\" on type \"User\". Did you mean \"name\"?"))
        // The age is drawn with the next frame (nothing animates meanwhile).
        harness.advance(by: .seconds(12 * 60))
        harness.press("esc")
        #expect(harness.shows("schema from introspection, fetched 12 min ago"))
        harness.assertScreen(named: "graphql-introspected-120x40-dark", styles: false)
    }

    /// The Body tab of a request whose schema was just introspected, at 120×40 and 80×24.
    @Test(arguments: ScreenVariant.all) func theBodyTabOfAnIntrospectedSchema(_ variant: ScreenVariant) async throws {
        let harness = try ExplorerHarness(
            collections: Self.files(answer: try await Self.answer()),
            size: Size(width: variant.width, height: variant.height), theme: variant.theme,
            startup: StartupRequest(request: "User"))
        try await settle(harness) { introspected(harness) }
        harness.advance(by: .seconds(5))
        harness.press("alt+3")
        harness.assertScreen(named: "graphql-introspected-body-\(variant)")
    }

    @Test func aSecondStartReadsTheCacheAndTheCommandFetchesAgain() async throws {
        let folder = try HarnessFolder()
        let files = Self.files(answer: try await Self.answer())
        let first = try ExplorerHarness(collections: files, folder: folder, startup: StartupRequest(request: "User"))
        try await settle(first) { introspected(first) }
        // The endpoint now refuses introspection: a second start still has the cached schema.
        let refusing = Self.files(
            answer: #"{"errors": [{"message": "GraphQL introspection is not allowed"}]}"#, status: 400)
        let second = try ExplorerHarness(
            collections: refusing, folder: folder, startup: StartupRequest(request: "User"))
        try await settle(second) { introspected(second) }
        #expect(!second.shows("Schema fetched from"))
        second.dispatch(.command(.request(.graphqlRefreshSchema)))
        try await settle(second) {
            if case .introspectionFailed? = schema(second) { true } else { false }
        }
        second.press("alt+3")
        #expect(second.shows("graphql  ✖ schema from introspection: the server refused introspection"))
        let check = try #require(second.state.editor.graphql)
        #expect(
            check.schemaProblem
                == "schema from introspection: the server refused introspection: GraphQL introspection is not allowed")
        #expect(!check.hasSchema)
        #expect(second.shows("No schema from introspection: the server refused introspection"))
    }

    @Test func theRefreshCommandIsInThePaletteAndSaysWhenThereIsNothingToFetch() throws {
        var fixture = try ReducerFixture(GraphQLEditorTests.files(), startup: StartupRequest(request: "User"))
        let effects = fixture.driver.reduce(.command(.request(.graphqlRefreshSchema)))
        #expect(!effects.contains { if case .introspectGraphQL = $0 { true } else { false } })
        #expect(fixture.driver.state.toast?.message.contains("nothing to fetch") == true)
        #expect(ExplorerCommand.request(.graphqlRefreshSchema).spec.inPalette)
    }

    @Test func aResultForAnotherEnvironmentIsDropped() async throws {
        var fixture = try ReducerFixture(
            Self.files(answer: #"{"data": null}"#), startup: StartupRequest(request: "User"))
        #expect(fixture.driver.state.collections.first?.graphqlSchema == .introspecting(environment: "dev"))
        let schema = try GraphQLSchemaDocument(sdl: "type Query { a: Int }")
        let result = IntrospectionResult(schema: schema, url: "http://other/graphql", age: .zero, fromCache: false)
        fixture.driver.reduce(.graphqlIntrospected(collectionID: Self.id, environment: "prod", .success(result)))
        #expect(fixture.driver.state.collections.first?.graphqlSchema == .introspecting(environment: "dev"))
        fixture.driver.reduce(.graphqlIntrospected(collectionID: Self.id, environment: "dev", .success(result)))
        #expect(fixture.driver.state.collections.first?.graphqlSchema?.schema == schema)
    }
}
