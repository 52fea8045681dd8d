import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import StateStore
import Synchronization
import Testing
import Workspace

/// A live dispatcher stand-in that records what it is asked to send and answers 204.
final class RecordingDispatcher: DataDispatcher {
    let scheduler: any Scheduler
    private let sent = Mutex<[URL]>([])

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    var urls: [URL] { sent.withLock { $0 } }

    func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        ResponseFuture(scheduler: scheduler) { future in
            let url = try request.url()
            self.sent.withLock { $0.append(url) }
            future.succeed(
                with: Response(
                    request: request, statusCode: .noContent, headers: HTTPHeaders(), httpVersion: .http11, url: url,
                    remoteAddress: nil, timings: Timings(total: .zero), bytesSent: 0, bytesReceived: 0, body: .empty))
        }
    }
}

@Suite struct DispatchIntegrationTests {
    let scheduler = ManualScheduler()
    let clock = ManualClock()

    private func services(
        _ state: TemporaryFolder, live: (any DataDispatcher)? = nil, environment: [String: String] = [:]
    )
        -> WorkspaceServices
    {
        WorkspaceServices(
            directories: UserDirectories(config: state.path + "/config", state: state.path + "/state"),
            liveDispatcher: live ?? RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: clock,
            processEnvironment: environment)
    }

    private func shipped(_ services: WorkspaceServices, _ name: String) throws -> CollectionDocument {
        try #require(
            try services.open(folder: ShippedCollections.folder).documents.first { $0.collection.name == name })
    }

    private func run(_ preparation: SendPreparation) throws -> Outcome<DataResponse> {
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let outcome = Outcome(try #require(preparation.future()))
        scheduler.runAll()
        return outcome
    }

    @Test func switchingEnvironmentsRedirectsRequestsWithoutRebuildingThem() throws {
        let provider = EnvironmentServerProvider()
        let staging = Environment(
            name: "staging", baseURL: "https://{{host}}/v1", variables: [Variable(name: "host", value: "staging.test")])
        let production = Environment(name: "production", baseURL: "https://api.test")
        #expect(provider.select(staging, scope: VariableScope(environment: staging.variables)).isEmpty)
        let resolved = RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(
            SavedRequest(name: "x", url: "/posts")
        ).request
        let request = try resolved.httpRequest(serverProvider: provider)
        #expect(try request.url().absoluteString == "https://staging.test/v1/posts")
        provider.select(production, scope: VariableScope())
        #expect(try request.url().absoluteString == "https://api.test/posts")
        #expect(provider.environmentName == "production")

        let broken = Environment(name: "broken", baseURL: "{{nowhere}}")
        #expect(provider.select(broken, scope: VariableScope()).map(\.kind) == [.unresolved("nowhere")])
        #expect(provider.baseURL == nil)
        #expect(throws: RequestError.missingBaseURL) { try request.url() }
    }

    @Test func resolvedRequestsBecomeHTTPRequests() throws {
        let saved = SavedRequest(
            name: "x", method: .post, url: "https://api.test/items", query: [KeyValueRow(name: "q", value: "a&b")],
            headers: [KeyValueRow(name: "X-One", value: "1"), KeyValueRow(name: "X-One", value: "2")],
            body: SavedBody(.formURLEncoded([KeyValueRow(name: "name", value: "Ada Lovelace")])),
            options: SavedOptions(
                timeoutSeconds: 2.5, connectTimeoutSeconds: 1, followRedirects: true, maxRedirects: 3, verifyTLS: false)
        )
        let request = try RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(saved).request.httpRequest(
            serverProvider: nil)
        #expect(request.method == .post)
        #expect(try request.url().absoluteString == "https://api.test/items?q=a%26b")
        #expect(request.headers.values(for: "x-one") == ["1", "2"])
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(try request.body.encodedData() == Data("name=Ada+Lovelace".utf8))
        #expect(request.options.totalTimeout == .milliseconds(2500))
        #expect(request.options.connectTimeout == .seconds(1))
        #expect(request.options.followRedirects && request.options.maxRedirects == 3 && !request.options.verifyTLS)
        // 0 is no limit of its own, as libcurl reads it (the mock dispatcher timed out at once).
        let unlimited = SavedRequest(
            name: "y", url: "https://api.test/y", options: SavedOptions(timeoutSeconds: 0, connectTimeoutSeconds: 0))
        let options = try RequestResolver(scope: VariableScope(), baseFolder: "/").resolve(unlimited).request
            .httpRequest(serverProvider: nil).options
        #expect(options.totalTimeout == nil && options.connectTimeout == nil)

    }

    @Test("redirects are followed unless the request or its collection says not to; the request's own options win")
    func redirectsFollowedByDefaultCollectionOptionsUnderTheRequests() throws {
        func options(_ saved: SavedRequest, collection: SavedOptions = SavedOptions()) throws -> RequestOptions {
            try RequestResolver(scope: VariableScope(), baseFolder: "/", baseOptions: collection).resolve(saved)
                .request.httpRequest(serverProvider: nil).options
        }
        let plain = SavedRequest(name: "plain", url: "https://api.test/a")
        #expect(try options(plain).followRedirects)
        #expect(try options(plain).maxRedirects == 10)
        let off = SavedOptions(timeoutSeconds: 4, followRedirects: false, maxRedirects: 2)
        #expect(try !options(plain, collection: off).followRedirects)
        #expect(try options(plain, collection: off).maxRedirects == 2)
        #expect(try options(plain, collection: off).totalTimeout == .seconds(4))
        let own = SavedRequest(name: "own", url: "https://api.test/b", options: SavedOptions(followRedirects: true))
        #expect(try options(own, collection: off).followRedirects)
        #expect(try options(own, collection: off).maxRedirects == 2)
        let stays = SavedRequest(
            name: "stays", url: "https://api.test/c", options: SavedOptions(followRedirects: false))
        #expect(try !options(stays).followRedirects)
    }

    @Test("a collection's options are read, written back, and checked like a request's")
    func collectionOptionsLoadSaveAndPrepare() throws {
        let text = """
            {"formatVersion": 1, "id": "c", "name": "C", "options": {"followRedirects": false, "maxRedirects": 4},
             "requests": [{"id": "r", "name": "R", "method": "GET", "url": "https://api.test/r"}]}
            """
        let loaded = try #require(CollectionLoader.load(Array(text.utf8), file: "c.json").collection)
        #expect(loaded.options == SavedOptions(followRedirects: false, maxRedirects: 4))
        #expect(loaded.fileText().contains(#""options": {"#))
        let again = try #require(CollectionLoader.load(Array(loaded.fileText().utf8), file: "c.json").collection)
        #expect(again == loaded)
        let wrong = text.replacingOccurrences(of: #""followRedirects": false"#, with: #""followRedirects": "no""#)
        let diagnostics = CollectionLoader.load(Array(wrong.utf8), file: "c.json").diagnostics
        #expect(diagnostics.contains { $0.path.contains("options.followRedirects") }, "\(diagnostics)")
    }

    @Test func digestAuthBecomesTheTransportCredentialWithVariablesFilledAndThePasswordMasked() throws {
        let scope = VariableScope(environment: [
            Variable(name: "user", value: "ann"), Variable(name: "pass", value: "pa55word", secret: true),
        ])
        let saved = SavedRequest(
            name: "d", url: "/x", auth: SavedAuth(.digest(username: "{{user}}", password: "{{pass}}")))
        let request = try RequestResolver(scope: scope, baseFolder: "/").resolve(saved).request.httpRequest(
            serverProvider: nil)
        #expect(request.options.authentication == .digest(username: "ann", password: "pa55word"))
        #expect(!request.headers.contains("Authorization"))
        for text in [String(describing: request.options), String(reflecting: request.options), request.redactedDump] {
            #expect(!text.contains("pa55word"))
        }
    }

    @Test func theJSONPlaceholderMockAnswersFromItsFiles() throws {
        let state = try TemporaryFolder()
        let services = services(state)
        let document = try shipped(services, "JSONPlaceholder")
        let list = try #require(document.collection.request(id: "jp-posts-list"))
        let response = try #require(try run(services.prepare(list, in: document)).value)
        #expect(response.statusCode == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        let expected = try Data(
            contentsOf: URL(fileURLWithPath: ShippedCollections.folder + "/mocks/jsonplaceholder/posts.json"))
        #expect(try response.body.data() == expected)
        #expect(response.url.absoluteString == "http://jsonplaceholder.mock/posts")

        let filtered = try #require(document.collection.request(id: "jp-posts-filter"))
        let byUser = try #require(try run(services.prepare(filtered, in: document)).value)
        let posts = try #require(try JSONSerialization.jsonObject(with: byUser.body.data()) as? [[String: Any]])
        #expect(posts.allSatisfy { $0["userId"] as? Int == 1 })

        let missing = try #require(document.collection.request(id: "jp-posts-missing"))
        #expect(try run(services.prepare(missing, in: document)).value?.statusCode == .notFound)
    }

    @Test func liveEnvironmentsUseTheInjectedDispatcher() throws {
        let state = try TemporaryFolder()
        let live = RecordingDispatcher(scheduler: scheduler)
        let services = services(state, live: live)
        let document = try shipped(services, "JSONPlaceholder")
        let get = try #require(document.collection.request(id: "jp-posts-get"))
        let response = try #require(try run(services.prepare(get, in: document, environmentName: "live")).value)
        #expect(response.statusCode == .noContent)
        #expect(live.urls.map(\.absoluteString) == ["https://jsonplaceholder.typicode.com/posts/1"])
    }

    @Test func theShowcaseChainAndFailuresRunOffline() throws {
        let state = try TemporaryFolder()
        let services = services(state, environment: ["LAZER_VAR_password": "correct horse"])
        let document = try shipped(services, "Showcase")
        let collection = document.collection

        let login = try run(services.prepare(try #require(collection.request(id: "sc-login")), in: document))
        let body = try #require(try login.value?.body.data())
        let token = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String)
        let captures: [String: VariableScope.Value] = ["token": .init(token, secret: true), "userId": .init("42")]

        let me = services.prepare(try #require(collection.request(id: "sc-me")), in: document, captures: captures)
        #expect(try run(me).value?.statusCode == .ok)
        #expect(me.redactor.redact("Bearer \(token)") == "Bearer ••••••")
        let note = services.prepare(
            try #require(collection.request(id: "sc-create-note")), in: document, captures: captures)
        #expect(try run(note).value?.statusCode == .created)

        let anonymous = try #require(collection.request(id: "sc-unauthorised"))
        #expect(try run(services.prepare(anonymous, in: document)).value?.statusCode == .unauthorized)
        let broken = try #require(collection.request(id: "sc-server-error"))
        #expect(try run(services.prepare(broken, in: document)).value?.statusCode == .internalServerError)

        let dns = try run(services.prepare(try #require(collection.request(id: "sc-dns")), in: document))
        #expect((dns.error as? TransportError)?.reason == .dnsFailure)
        let refused = try run(services.prepare(try #require(collection.request(id: "sc-refused")), in: document))
        #expect((refused.error as? TransportError)?.reason == .connectionRefused)

        // The mock answers after 5 s; the request's 1 s timeout gives up first.
        let slow = try run(services.prepare(try #require(collection.request(id: "sc-timeout")), in: document))
        #expect(!slow.isSettled)
        clock.advance(by: .milliseconds(999))
        scheduler.runAll()
        #expect(!slow.isSettled)
        clock.advance(by: .milliseconds(1))
        scheduler.runAll()
        #expect((slow.error as? TransportError)?.reason == .totalTimeout)

        let unresolved = services.prepare(try #require(collection.request(id: "sc-unresolved")), in: document)
        #expect(unresolved.future() == nil)
        #expect(unresolved.problems.first?.hasPrefix("headers[0].value: {{traceId}} is not defined") == true)
    }

    @Test func exchangesAreRecordedRedactedInHistory() throws {
        let state = try TemporaryFolder()
        let services = services(state, environment: ["LAZER_VAR_password": "hunter2-secret"])
        let document = try shipped(services, "Showcase")
        let login = services.prepare(try #require(document.collection.request(id: "sc-login")), in: document)
        let request = try #require(login.request)
        let response = try #require(try run(login).value)
        let exchange = Exchange(
            request: request, url: response.url, result: .success(response), startedAt: Date(),
            duration: .milliseconds(12))
        try services.record(exchange, of: login)
        let entries = try services.history.entries(collectionID: document.collection.id)
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.requestID == "sc-login")
        #expect(entry.environment == "mock")
        #expect(entry.status == 200)
        #expect(entry.durationMilliseconds == 12)
        #expect(entry.requestBody?.text == #"{"username":"ada","password":"••••••"}"#)
        // Nowhere in the store's file (nor its write-ahead log).
        let file =
            try Data(contentsOf: URL(fileURLWithPath: services.state.path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: services.state.path + "-wal"))) ?? Data())
        #expect(file.range(of: Data("hunter2-secret".utf8)) == nil)

        let failed = Exchange(
            request: request, url: response.url, result: .failure(TransportError(.dnsFailure)), startedAt: Date(),
            duration: .zero)
        try services.record(failed, of: login)
        #expect(try services.history.entries(collectionID: document.collection.id).last?.error?.isEmpty == false)
    }

    @Test func mockDispatchersKeepTheirSequencePositionUntilRoutesChange() throws {
        let state = try TemporaryFolder()
        let services = services(state)
        let environment = Environment(
            name: "m", kind: .mock, baseURL: "http://m.test",
            routes: [
                SavedMockRoute(
                    method: .get, path: "/n",
                    responses: [SavedMockResponse(status: 200), SavedMockResponse(status: 201)])
            ])
        let first = try services.dispatchers.mockDispatcher(for: environment, collectionID: "c", baseFolder: "/")
        let again = try services.dispatchers.mockDispatcher(for: environment, collectionID: "c", baseFolder: "/")
        #expect(first === again)
        var changed = environment
        changed.routes[0].path = "/other"
        #expect(try services.dispatchers.mockDispatcher(for: changed, collectionID: "c", baseFolder: "/") !== first)
    }

    @Test("services as lazer makes them keep no mock request; a test harness can ask them to")
    func mockRequestsAreKeptOnlyWhenAsked() throws {
        let state = try TemporaryFolder()
        let environment = Environment(
            name: "m", kind: .mock, baseURL: "http://m.test",
            routes: [SavedMockRoute(method: .get, path: "/n", responses: [SavedMockResponse(status: 200)])])
        let asked = WorkspaceServices(
            directories: UserDirectories(config: state.path + "/config", state: state.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler,
            recordsMockRequests: true)
        for (services, kept) in [(services(state), 0), (asked, 1)] {
            let mock = try services.dispatchers.mockDispatcher(for: environment, collectionID: "c", baseFolder: "/")
            let outcome = Outcome(mock.dataFuture(from: HTTPRequest(path: "/n", serverProvider: nil)))
            scheduler.runAll()
            #expect(outcome.value?.statusCode == .ok)
            #expect(mock.recordedRequests.count == kept)
        }
    }

    @Test func secretsAreFilledWhenOpeningAndTheDocumentStaysUnmodified() throws {
        let state = try TemporaryFolder()
        let services = services(state)
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var values = SecretValues()
        values.set(
            "tok-from-file", collection: "c0ffee00-0000-4000-8000-000000000001", environment: "local", name: "token")
        try services.secrets.save(values)
        var document = try #require(try services.open(folder: folder.path).documents.first)
        #expect(document.collection.environment(named: "local")?.variables[1].value == "tok-from-file")
        #expect(!document.isModified)
        #expect(document.secretValues == ["tok-from-file"])
        try services.save(&document)
        #expect(try folder.read("x.json") == Fixtures.minimal)
    }
}
