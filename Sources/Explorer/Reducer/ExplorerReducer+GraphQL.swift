import GraphQLCheck
import Replay
import TUI
import Workspace

/// The root keeps the selected GraphQL body checked against its collection's schema (issue 28):
/// after every action it hands the editor slice what a check would be about; the slice asks the
/// program for a check only when that changed — so typing asks once per keystroke (the program
/// debounces) and moving the cursor asks nothing. A schema file was read with the collection
/// file (`CollectionSlot.graphqlSchema`); an introspected one is asked for here, once per
/// environment, and comes back as `graphqlIntrospected`. Checks run on the work queue.
extension ExplorerReducer {
    static func checkGraphQL(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key),
            case .graphql(let body) = request.body.content
        else {
            guard state.editor.graphql != nil || state.editor.graphqlAsked != nil else { return [] }
            return reduceEditor(.askGraphQLCheck(nil), &state)
        }
        let effects = introspect(key, refresh: false, &state)
        let schema = state.collections.first { $0.collectionID == key.collectionID }?.graphqlSchema
        let input = GraphQLCheckJob.Input(
            key: key, text: body.query, operation: body.operationName, schema: schema,
            variables: body.variablesSource)
        if state.editor.graphqlAsked?.input == input { return effects }
        return effects + reduceEditor(.askGraphQLCheck(input), &state)
    }

    /// The palette's "fetch the schema again": the selected GraphQL request's collection, when its
    /// schema comes by introspection.
    static func refreshGraphQLSchema(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key), case .graphql = request.body.content
        else {
            notify(&state, "Select a GraphQL request to fetch its schema", kind: .info)
            return []
        }
        let effects = introspect(key, refresh: true, &state)
        if effects.isEmpty {
            notify(&state, "This collection's schema is a file, not introspected: nothing to fetch", kind: .info)
        } else {
            notify(&state, "Fetching the schema by introspection…", kind: .info)
        }
        // The check against the schema follows when it comes (the root checks after every action).
        return effects
    }

    /// `Alt+P`: the picker of the selected GraphQL request's operations, read from its query as on
    /// screen (the draft follows every key typed).
    static func openOperationPicker(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, case .graphql(let body)? = state.request(key)?.body.content else {
            notify(&state, "The body is not a GraphQL query: no operation to choose", kind: .info)
            return []
        }
        let operations = GraphQLOperations.of(body.query)
        guard !operations.isEmpty else {
            notify(&state, "The query has no operation yet", kind: .info)
            return []
        }
        let picker = GraphQLOperationPickerState(key: key, operations: operations, operationName: body.operationName)
        return reduceOverlays(.open(.graphqlOperations(picker)), &state)
    }

    /// Asks for the schema of `key`'s collection by introspection in the environment in use, when
    /// its schema source says so and (unless `refresh`) it is not there or on its way already.
    private static func introspect(_ key: RequestKey, refresh: Bool, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard let index = state.collections.firstIndex(where: { $0.collectionID == key.collectionID }),
            let document = state.collections[index].document, let request = state.request(key)
        else { return [] }
        let environment = state.environmentName(collectionID: key.collectionID)
        guard document.collection.graphqlSchema(environment: environment)?.origin == .introspect else { return [] }
        if !refresh, state.collections[index].graphqlSchema?.introspectedEnvironment == .some(environment) {
            return []
        }
        let folderPath =
            document.collection.folderPath(ofRequest: key.requestID) ?? []
        let url = RequestPreview.of(state)?.url ?? request.url
        reduceWorkspace(
            .graphqlSchema(collectionID: key.collectionID, .introspecting(environment: environment)), &state)
        let job = IntrospectionJob(
            collectionID: key.collectionID, environment: environment, url: url,
            item: RunPlan.Item(document: document, folderPath: folderPath, request: request),
            captures: state.captures[key.collectionID] ?? [:], refresh: refresh)
        return [.introspectGraphQL(job)]
    }

    /// An introspection's result: kept when it answers the fetch on its way for that environment.
    static func introspected(
        _ collectionID: String, _ environment: String?, _ result: Result<IntrospectionResult, IntrospectionFailure>,
        _ state: inout ExplorerState
    ) {
        guard let index = state.collections.firstIndex(where: { $0.collectionID == collectionID }),
            state.collections[index].graphqlSchema == .introspecting(environment: environment)
        else { return }
        switch result {
        case .success(let answer):
            let origin = IntrospectedSchema(
                environment: environment, url: answer.url, fetched: state.now - answer.age,
                typeCount: answer.schema.typeCount)
            reduceWorkspace(.graphqlSchema(collectionID: collectionID, .introspected(answer.schema, origin)), &state)
            if !answer.fromCache {
                notify(&state, "Schema fetched from \(answer.url): \(origin.typeCount) types", kind: .info)
            }
        case .failure(let failure):
            let failed = GraphQLSchemaSlot.introspectionFailed(environment: environment, reason: failure.message)
            reduceWorkspace(.graphqlSchema(collectionID: collectionID, failed), &state)
            notify(&state, "No schema from introspection: \(failure.message)", kind: .error)
        }
    }
}
