import HTTPCore
import Testing
import Workspace

/// What a recorded request's route matches on (`lazer record`, the explorer's `M`): the query as
/// matching reads it, the JSON body without the values that change between sends, nothing holding
/// a secret, and where a new route goes among the existing ones.
struct RecordedMatchersTests {
    private let none = Redactor(secrets: [])

    private func matchers(
        _ query: String, body: String? = nil, template: SavedRequest? = nil, secrets: [String] = []
    ) -> RecordedMatchers {
        RecordedMatchers(
            method: .post, path: "/items", query: query, body: body.map { Array($0.utf8) },
            redactor: Redactor(secrets: secrets), template: template.map(RecordedMatchers.Template.init))
    }

    @Test func queryItemsAreDecodedAndARepeatedNameKeepsItsLastValue() {
        let found = matchers("q=caf%C3%A9&page=1&flag&page=2#frag")
        #expect(found.query.map(\.name) == ["q", "flag", "page"])
        #expect(found.query.map(\.value) == ["café", "", "2"])
        #expect(found.label == "POST /items?q=café&flag&page=2")
    }

    @Test func valuesWrittenWithAPlaceholderAreNotMatchedOn() throws {
        let template = SavedRequest(
            name: "Create", method: .post, url: "/items?at={{$timestamp}}&kind=book",
            query: [KeyValueRow(name: "user", value: "{{user}}"), KeyValueRow(name: "page", value: "2")],
            body: SavedBody(
                .json(
                    try StoredJSON(
                        parsing:
                            #"{"id":"{{$uuid}}","name":"x","meta":{"at":"{{$isoTimestamp}}","v":1},"tags":["a","{{t}}"]}"#
                    ))))
        let found = matchers(
            "at=1700000000&kind=book&user=ada&page=2",
            body: #"{"id":"3f1c","name":"x","meta":{"at":"2026-11-25","v":1},"tags":["a","b"]}"#, template: template)
        #expect(found.query.map(\.name) == ["kind", "page"])
        #expect(found.json?.compact() == #"{"name":"x","meta":{"v":1}}"#)
    }

    @Test func aTextBodyWithAPlaceholderGetsNoMatcherNorDoesAScalarOrLargeBody() {
        let template = SavedRequest(
            name: "Create", method: .post, url: "/items", body: SavedBody(.jsonText(#"{"n": {{count}}}"#)))
        #expect(matchers("", body: #"{"n": 3}"#, template: template).json == nil)
        #expect(matchers("", body: "42").json == nil)
        #expect(matchers("", body: "not json").json == nil)
        let large = "[" + Array(repeating: "1", count: RecordedMatchers.maxMatchedBody / 2).joined(separator: ",") + "]"
        #expect(matchers("", body: large).json == nil)
        #expect(matchers("", body: #"[1,2]"#).json?.compact() == "[1,2]")
    }

    @Test func secretsAreNeverMatchersAndAreListed() {
        let found = matchers(
            "token=hunter2-secret&page=2", body: #"{"password":"hunter2-secret"}"#, secrets: ["hunter2-secret"])
        #expect(found.query.map(\.name) == ["page"])
        #expect(found.json == nil)
        #expect(found.dropped.count == 2)
        #expect(!found.dropped.joined().contains("hunter2"))
        // An already masked URL (the explorer's) counts as a secret too.
        #expect(matchers("token=\(Redactor.mask)").query.isEmpty)
    }

    @Test func theSameRequestAndWhereANewRouteGoes() throws {
        let response = [SavedMockResponse(status: 200)]
        let plain = matchers("").route(responses: response)
        let pageOne = matchers("page=1").route(responses: response)
        let body = matchers("", body: #"{"a":1}"#).route(responses: response)
        let routes = [plain, pageOne, body]
        #expect(matchers("page=1").isSame(as: pageOne))
        #expect(!matchers("page=1&sort=x").isSame(as: pageOne))
        #expect(matchers("", body: #"{ "a" : 1 }"#).isSame(as: body))
        // Before the route without a query (it would answer first), after unrelated ones.
        #expect(matchers("page=2").insertionIndex(in: routes) == 0)
        #expect(matchers("page=1&sort=x").insertionIndex(in: [pageOne, plain]) == 0)
        #expect(matchers("", body: #"{"a":1,"b":2}"#).insertionIndex(in: [body, pageOne]) == 0)
        #expect(matchers("page=2").insertionIndex(in: [pageOne, body]) == 2)
        // A route with a header matcher answers fewer requests: it is neither the same nor in the way.
        var withHeader = plain
        withHeader.headers = [KeyValueRow(name: "X-Tenant", value: "blue")]
        #expect(!matchers("").isSame(as: withHeader))
        #expect(matchers("page=2").insertionIndex(in: [withHeader]) == 1)
    }

    /// A GraphQL POST is matched by its operation and variables, not by its whole body (issue 28).
    @Test func aGraphQLRequestGetsAGraphQLMatcherNotAJSONOne() throws {
        let named = matchers(
            "", body: #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"1"}}"#)
        #expect(named.json == nil)
        #expect(named.graphql?.operation == "User")
        #expect(named.graphql?.variables?.compact() == #"{"id":"1"}"#)
        #expect(named.label == #"POST /items (GraphQL User {"id":"1"})"#)
        let route = named.route(responses: [])
        #expect(route.graphql == named.graphql)
        #expect(named.isSame(as: route))
        // `operationName` chooses among several; no variables: any variables match.
        let chosen = matchers("", body: #"{"query":"query A { a } query B { b }","operationName":"B"}"#)
        #expect(chosen.graphql == SavedGraphQLMatch(operation: "B"))
        #expect(!chosen.isSame(as: route))
        // Another operation's route does not answer first; the same operation's without variables does.
        let other = SavedMockRoute(
            method: .post, path: "/items", graphql: SavedGraphQLMatch(operation: "A"), responses: [])
        let any = SavedMockRoute(
            method: .post, path: "/items", graphql: SavedGraphQLMatch(operation: "User"), responses: [])
        #expect(named.insertionIndex(in: [other]) == 1)
        #expect(named.insertionIndex(in: [other, any]) == 1)
        // An anonymous operation has no name to match: the body is matched as JSON.
        let anonymous = matchers("", body: #"{"query":"{ now }"}"#)
        #expect(anonymous.graphql == nil)
        #expect(anonymous.json != nil)
    }

    @Test func graphQLVariablesWrittenWithAPlaceholderOrHoldingASecretAreNotMatchedOn() throws {
        let template = SavedRequest(
            name: "User", method: .post, url: "/items",
            body: SavedBody(
                .graphql(
                    GraphQLBody(
                        query: "query User($id: ID!, $at: String) { user(id: $id) { name } }",
                        variables: try StoredJSON(parsing: #"{"id":"1","at":"{{$isoTimestamp}}"}"#)))))
        let body =
            #"{"query":"query User($id: ID!, $at: String) { user(id: $id) { name } }","variables":{"id":"1","at":"2026"}}"#
        #expect(matchers("", body: body, template: template).graphql?.variables?.compact() == #"{"id":"1"}"#)
        let secret = matchers(
            "", body: #"{"query":"query User { a }","variables":{"token":"hunter2-secret"}}"#,
            secrets: ["hunter2-secret"])
        #expect(secret.graphql == SavedGraphQLMatch(operation: "User"))
        #expect(secret.dropped == ["GraphQL variables (they hold a secret): any variables match"])
    }
}
