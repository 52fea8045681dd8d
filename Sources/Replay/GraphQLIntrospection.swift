import Foundation
import HTTPCore
import JSONTree
import Synchronization
package import Workspace

/// Fetches a GraphQL endpoint's schema with an introspection query (issue 28: `"graphqlSchema":
/// {"introspect": true}`): the GraphQL request's own URL, headers and auth in its environment,
/// sent through the run engine (the environment's mock or live dispatcher, oauth2, signing), its
/// body replaced by the introspection query, without its checks or captures, not recorded in
/// history. An answer without a schema — the server refuses introspection, an HTTP error, no
/// answer — is an `IntrospectionFailure` saying so.
package enum GraphQLIntrospection {
    /// The answer's text and the URL it came from (the cache's key).
    package struct Answer: Sendable, Equatable {
        package var url: String
        package var text: String
    }

    /// Sends `query` (the introspection query) as `item`'s body in `environment`.
    package static func fetch(
        _ item: RunPlan.Item, query: String, environment: String?, services: WorkspaceServices,
        captured: [String: [String: VariableScope.Value]] = [:]
    ) async -> Result<Answer, IntrospectionFailure> {
        var item = item
        var request = item.request
        request.body.content = .graphql(GraphQLBody(query: query, variables: nil, operationName: nil))
        request.expectations = []
        request.captures = []
        item.request = request
        let configuration = RunConfiguration(environment: environment, recordHistory: false, captured: captured)
        let exchange = Mutex<ReplayExchange?>(nil)
        let runner = ReplayRunner(services: services, configuration: configuration) { sent in
            exchange.withLock { $0 = sent }
        }
        let report = await runner.run(RunPlan(items: [item]))
        guard let sent = exchange.withLock({ $0 }), case .success(let response) = sent.outcome else {
            let first = report.results.first
            let why = first?.failure?.title ?? first?.problems.first ?? "no answer"
            return .failure(IntrospectionFailure("the introspection query got no answer: \(why)"))
        }
        return answer(
            status: response.statusCode.rawValue, body: sent.body,
            url: (try? sent.request.url())?.absoluteString ?? item.request.url)
    }

    /// Reads an answer: a schema under `data.__schema`, else why not (the server's first error).
    package static func answer(status: Int, body: [UInt8], url: String) -> Result<Answer, IntrospectionFailure> {
        let document = try? JSONDocument(bytes: body)
        let graphql = document.flatMap(GraphQLResponse.init)
        if let document, let data = document.child(document.root, key: "data"),
            document.child(data, key: "__schema").map({ document.kind($0) == .object }) == true,
            let text = String(validating: body, as: UTF8.self)
        {
            return .success(Answer(url: url, text: text))
        }
        if let message = graphql?.errors.first?.message {
            return .failure(IntrospectionFailure("the server refused introspection: \(message)"))
        }
        if !(200..<300).contains(status) {
            return .failure(IntrospectionFailure("the introspection query was answered HTTP \(status)"))
        }
        return .failure(IntrospectionFailure("the answer to the introspection query has no data.__schema"))
    }
}

/// Why an endpoint's schema could not be introspected, in words.
package struct IntrospectionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
