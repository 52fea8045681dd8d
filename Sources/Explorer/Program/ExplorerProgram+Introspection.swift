import Foundation
import GraphQLCheck
import Replay
import Workspace

/// A collection's GraphQL schema by introspection (issue 28), off the program loop: the per-user
/// cache answers first (unless refreshing); else the introspection query goes out as the selected
/// request through the run engine — the environment's dispatcher, headers and auth — and a good
/// answer is cached with the time it came. Building GitHub's schema takes a good part of a
/// second: it never runs on the main actor.
extension ExplorerProgram {
    func introspect(_ job: IntrospectionJob) {
        let services = dependencies.workspace
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        Task.detached {
            let result = await Self.introspection(job, services: services)
            deliver(.graphqlIntrospected(collectionID: job.collectionID, environment: job.environment, result))
        }
    }

    nonisolated static func introspection(_ job: IntrospectionJob, services: WorkspaceServices) async -> Result<
        IntrospectionResult, IntrospectionFailure
    > {
        let cache = IntrospectionCache(directories: services.directories)
        // A cached answer that no longer builds (or cannot be read) is fetched again.
        if !job.refresh, let entry = try? cache.entry(environment: job.environment, url: job.url),
            let schema = try? GraphQLSchemaDocument(text: entry.answer)
        {
            let age = max(0, Date().timeIntervalSince(entry.fetchedAt))
            return .success(IntrospectionResult(schema: schema, url: job.url, age: .seconds(age), fromCache: true))
        }
        let fetched = await GraphQLIntrospection.fetch(
            job.item, query: IntrospectionQuery.text, environment: job.environment, services: services,
            captured: [job.collectionID: job.captures])
        let answer: GraphQLIntrospection.Answer
        switch fetched {
        case .failure(let failure): return .failure(failure)
        case .success(let fetched): answer = fetched
        }
        let schema: GraphQLSchemaDocument
        do {
            schema = try GraphQLSchemaDocument(text: answer.text)
        } catch {
            return .failure(IntrospectionFailure("the answer does not make a schema: \(error)"))
        }
        // Not kept (a full disk, a read-only state folder): the schema is used all the same, and
        // fetched again next time.
        try? cache.store(
            IntrospectionCache.Entry(environment: job.environment, url: job.url, fetchedAt: Date(), answer: answer.text)
        )
        return .success(IntrospectionResult(schema: schema, url: job.url, age: .zero, fromCache: false))
    }
}
