import Foundation
import HTTPCore
import Testing
import Workspace

@Suite struct RequestResolutionTests {
    private func collection() throws -> RequestCollection {
        try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x.json").collection)
    }

    private func resolver(_ collection: RequestCollection, secrets: [String: String] = [:]) -> RequestResolver {
        var collection = collection
        collection.updateEnvironment(named: "local") { environment in
            for index in environment.variables.indices {
                if let value = secrets[environment.variables[index].name] { environment.variables[index].value = value }
            }
        }
        let scope = VariableScope(
            collection: collection, environment: collection.environment(named: "local"),
            captures: ["title": .init("Hello \"world\"")])
        return RequestResolver(scope: scope, baseFolder: "/work/collections")
    }

    @Test func pathParametersQueryAndRelativeTargets() throws {
        let collection = try collection()
        let resolver = resolver(collection)
        let get = resolver.resolve(try #require(collection.request(id: "req-get")))
        #expect(get.isSendable)
        #expect(get.request.target == .path("/posts/1"))
        let list = resolver.resolve(try #require(collection.request(id: "req-list")))
        #expect(list.request.query == [.init("userId", "7")])
        #expect(list.request.displayURL(baseURL: "http://h/") == "http://h/posts?userId=7")
    }

    @Test func jsonBodiesAreFilledAndEscapedCorrectly() throws {
        let collection = try collection()
        let outcome = resolver(collection).resolve(try #require(collection.request(id: "req-create")))
        #expect(outcome.problems.isEmpty)
        #expect(outcome.request.target == .absolute("http://127.0.0.1:8080/api/posts"))
        guard case .bytes(let bytes, "application/json") = outcome.request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"title":"Hello \"world\"","userId":7}"#)
        #expect(outcome.request.headers == [.init("Content-Type", "application/json")])
    }

    @Test func everyUnresolvedPlaceholderIsReportedBeforeSending() throws {
        var request = SavedRequest(
            id: "r", name: "r", url: "https://{{host}}/x",
            headers: [
                KeyValueRow(name: "X-A", value: "{{a}}"), KeyValueRow(name: "X-Off", value: "{{off}}", enabled: false),
            ],
            body: SavedBody(.text("{{b}}", contentType: nil)), auth: SavedAuth(.bearer(token: "{{token}}")))
        request.query = [KeyValueRow(name: "q", value: "{{c}}")]
        let outcome = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(request)
        #expect(!outcome.isSendable)
        #expect(
            outcome.problems.map(\.location) == [
                "url", "query[0].value", "headers[0].value", "auth.token", "body.text",
            ])
    }

    /// A preparer masks its collection's secrets already: the request notes only the others, and a
    /// Basic credential made of a masked secret is still a secret of its own.
    @Test func secretsTheCallerMasksAlreadyAreNotNotedAgain() throws {
        let scope = VariableScope(environment: [
            Variable(name: "pass", value: "pa55word", secret: true),
            Variable(name: "key", value: "k3y-value", secret: true),
        ])
        var resolver = RequestResolver(scope: scope, baseFolder: "/")
        resolver.alreadyMasked = ["pa55word"]
        let request = SavedRequest(
            id: "b", name: "b", url: "/x?k={{key}}", auth: SavedAuth(.basic(username: "ann", password: "{{pass}}")))
        let credential = Data("ann:pa55word".utf8).base64EncodedString()
        #expect(resolver.resolve(request).request.secretValues == ["k3y-value", credential])
        resolver.alreadyMasked = []
        #expect(resolver.resolve(request).request.secretValues == ["pa55word", "k3y-value", credential])
    }

    @Test func authBecomesHeadersOrQueryAndSecretsAreTracked() throws {
        let scope = VariableScope(environment: [
            Variable(name: "user", value: "ann"), Variable(name: "pass", value: "pa55word", secret: true),
            Variable(name: "key", value: "k3y-value", secret: true),
        ])
        let resolver = RequestResolver(scope: scope, baseFolder: "/")
        let basic = resolver.resolve(
            SavedRequest(
                id: "b", name: "b", url: "/x", auth: SavedAuth(.basic(username: "{{user}}", password: "{{pass}}"))))
        let credential = Data("ann:pa55word".utf8).base64EncodedString()
        #expect(basic.request.headers == [.init("Authorization", "Basic \(credential)")])
        #expect(basic.request.secretValues == ["pa55word", credential])
        let apiKey = resolver.resolve(
            SavedRequest(
                id: "k", name: "k", url: "/x",
                auth: SavedAuth(.apiKey(name: "api_key", value: "{{key}}", location: .query))))
        #expect(apiKey.request.query == [.init("api_key", "k3y-value")])
        let digest = resolver.resolve(
            SavedRequest(
                id: "d", name: "d", url: "/x", auth: SavedAuth(.digest(username: "{{user}}", password: "{{pass}}"))))
        #expect(digest.request.digestCredentials == .init(username: "ann", password: "pa55word"))
        #expect(digest.request.headers.isEmpty)
    }

    @Test func pathParameterValuesArePercentEncoded() {
        let request = SavedRequest(
            id: "p", name: "p", url: "https://h.test/users/:name/items/:id?x=:id",
            pathParams: [KeyValueRow(name: "name", value: "a b/c"), KeyValueRow(name: "id", value: "9")])
        let outcome = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(request)
        #expect(outcome.request.target == .absolute("https://h.test/users/a%20b%2Fc/items/9?x=:id"))
        // A port is not a parameter, a segment of other text stays as written, a trailing slash stays.
        let ported = SavedRequest(
            id: "q", name: "q", url: "http://h.test:8080/café/:id/:missing/",
            pathParams: [KeyValueRow(name: "id", value: "é 1")])
        let sent = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(ported)
        #expect(sent.request.target == .absolute("http://h.test:8080/café/%C3%A9%201/:missing/"))
    }

    /// The auth in force (inherited from a folder or the collection) is passed beside the request,
    /// not written into a copy of it: the request's own auth is used when none is passed.
    @Test func theAuthInForceIsPassedBesideTheRequest() {
        let request = SavedRequest(id: "a", name: "a", url: "https://h.test/x", auth: SavedAuth(.inherit))
        let resolver = RequestResolver(scope: VariableScope(), baseFolder: "/")
        #expect(resolver.resolve(request).request.headers.isEmpty)
        let inherited = resolver.resolve(request, auth: SavedAuth(.bearer(token: "t0k")))
        #expect(inherited.request.headers == [.init("Authorization", "Bearer t0k")])
    }

    /// A path parameter turned off is not sent as the literal `:id`: the request is stopped with a
    /// problem, as for an empty value.
    @Test func aPathParameterTurnedOffStopsTheRequest() {
        let request = SavedRequest(
            id: "p", name: "p", url: "https://h.test/items/:id",
            pathParams: [KeyValueRow(name: "id", value: "9", enabled: false)])
        let outcome = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(request)
        #expect(outcome.problems.map(\.description) == ["pathParams[0].enabled: :id: the path parameter is turned off"])
        let on = SavedRequest(
            id: "q", name: "q", url: "https://h.test/items/:id",
            pathParams: [KeyValueRow(name: "id", value: "8", enabled: false), KeyValueRow(name: "id", value: "9")])
        let sent = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(on)
        #expect(sent.problems.isEmpty)
        #expect(sent.request.target == .absolute("https://h.test/items/9"))
    }

    @Test func filePathsAreRelativeToTheCollectionFile() {
        let request = SavedRequest(
            id: "f", name: "f", method: .post, url: "/upload",
            body: SavedBody(
                .multipart([
                    SavedPart(name: "note", source: .text("hi")),
                    SavedPart(name: "doc", source: .file(path: "files/a.txt")),
                ])))
        let outcome = RequestResolver(scope: VariableScope(), baseFolder: "/work/c").resolve(request)
        guard case .multipart(let parts) = outcome.request.body else {
            Issue.record("expected multipart")
            return
        }
        #expect(parts.map(\.filePath) == [nil, "/work/c/files/a.txt"])
        #expect(parts.last?.fileName == "a.txt")
    }
}
