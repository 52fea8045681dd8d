import CurlTransport
import Dispatch
import Explorer
import Foundation
import Futures
import GraphQLCheck
import HTTPCore
import RegularFiles
import Replay
import Synchronization
import Workspace

/// The command line's side of introspected GraphQL schemas (issue 28): `lazer validate` checks
/// the GraphQL requests of a collection whose schema is `{"introspect": true}` against the answer
/// cached per user (`--refresh-schema`: fetched again first, as the explorer's refresh command
/// does, through the run engine in the collection's default environment); `lazer send --schema
/// introspect` uses the endpoint's cached answer, or fetches it with the command's own headers.
/// The cache is the explorer's (`IntrospectionCache`): one fetch serves both.
final class GraphQLIntrospectionClient {
    let refresh: Bool
    private let environment = ProcessInfo.processInfo.environment
    private var transport: (dispatcher: CurlDispatcher, services: WorkspaceServices)?

    init(refresh: Bool) {
        self.refresh = refresh
    }

    deinit { transport?.dispatcher.shutdown() }

    var cache: IntrospectionCache { IntrospectionCache(directories: UserDirectories(environment: environment)) }

    /// The schema for `location` of `document` in `environmentName`, and where it came from
    /// (`fetched from URL` / `cached from URL, fetched 2026-…`).
    func schema(
        for location: RequestCollection.RequestLocation, in document: CollectionDocument, environmentName: String?
    ) -> Result<(GraphQLSchemaDocument, String), IntrospectionFailure> {
        let collection = document.collection
        let environment = environmentName.flatMap { collection.environment(named: $0) }
        let url = RequestPreview(
            location.request, in: document, environment: environment, captures: [:],
            processEnvironment: self.environment
        ).url
        if !refresh {
            guard let entry = try? cache.entry(environment: environmentName, url: url) else {
                return .failure(
                    IntrospectionFailure(
                        "no introspected schema is cached for \(url) (run lazer validate --refresh-schema)"))
            }
            return build(entry.answer).map { ($0, "cached from \(url), fetched \(Self.time(entry.fetchedAt))") }
        }
        let (dispatcher, services) = connected()
        let item = RunPlan.Item(document: document, folderPath: location.folderPath, request: location.request)
        let fetched = Self.wait(on: dispatcher.taskExecutor) {
            await GraphQLIntrospection.fetch(
                item, query: IntrospectionQuery.text, environment: environmentName, services: services)
        }
        return store(fetched ?? .failure(IntrospectionFailure("interrupted")), environment: environmentName, url: url)
    }

    /// The schema of the endpoint `request` goes to (`lazer send --schema introspect`): the cached
    /// answer, else the introspection query sent as `request` with its headers.
    func schema(sending request: HTTPRequest) -> Result<(GraphQLSchemaDocument, String), IntrospectionFailure> {
        let url = (try? request.url().absoluteString) ?? ""
        if !refresh, let entry = try? cache.entry(environment: nil, url: url) {
            return build(entry.answer).map { ($0, "cached from \(url), fetched \(Self.time(entry.fetchedAt))") }
        }
        var introspection = request
        let body = GraphQLBody(query: IntrospectionQuery.text)
        if request.method == .get {
            introspection.queryItems.removeAll {
                $0.name == "query" || $0.name == "variables" || $0.name == "operationName"
            }
            introspection.queryItems.append(URLQueryItem(name: "query", value: body.query))
        } else {
            introspection.setJSONBody(string: body.requestObject.compact())
        }
        let fetched: Result<GraphQLIntrospection.Answer, IntrospectionFailure>
        switch SendCommand.wait(for: connected().dispatcher.dataFuture(from: introspection)) {
        case .success(let response):
            let bytes = (try? response.body.data()).map { [UInt8]($0) } ?? []
            fetched = GraphQLIntrospection.answer(status: response.statusCode.rawValue, body: bytes, url: url)
        case .failure(let error):
            let failure = ErrorTranslator.standard.translate(error)
            fetched = .failure(IntrospectionFailure("the introspection query got no answer: \(failure.title)"))
        }
        return store(fetched, environment: nil, url: url)
    }

    private func store(
        _ fetched: Result<GraphQLIntrospection.Answer, IntrospectionFailure>, environment: String?, url: String
    ) -> Result<(GraphQLSchemaDocument, String), IntrospectionFailure> {
        let answer: GraphQLIntrospection.Answer
        switch fetched {
        case .failure(let failure): return .failure(failure)
        case .success(let fetched): answer = fetched
        }
        return build(answer.text).map { schema in
            let entry = IntrospectionCache.Entry(
                environment: environment, url: url, fetchedAt: Date(), answer: answer.text)
            do throws(FileSystemError) {
                try cache.store(entry)
                return (schema, "fetched from \(url)")
            } catch {
                return (schema, "fetched from \(url) (not cached: \(error.description))")
            }
        }
    }

    private func build(_ answer: String) -> Result<GraphQLSchemaDocument, IntrospectionFailure> {
        do {
            return .success(try GraphQLSchemaDocument(text: answer))
        } catch {
            return .failure(IntrospectionFailure("the introspection answer does not make a schema: \(error)"))
        }
    }

    private func connected() -> (dispatcher: CurlDispatcher, services: WorkspaceServices) {
        if let transport { return transport }
        let dispatcher = CurlDispatcher(
            configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
        let services = WorkspaceServices(
            directories: UserDirectories(environment: environment), liveDispatcher: dispatcher,
            scheduler: ImmediateScheduler(), contractSources: .lazer)
        transport = (dispatcher, services)
        return (dispatcher, services)
    }

    /// Waits for `work` on `executor` (the transport's thread, as `lazer run` does).
    private static func wait<T: Sendable>(
        on executor: (any TaskExecutor)?, _ work: @escaping @Sendable () async -> T
    ) -> T? {
        let box = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached(executorPreference: executor) {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 }
    }

    private static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
