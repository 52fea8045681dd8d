import Workspace

/// The root has the selected GraphQL body checked against its collection's schema (issue 28):
/// after every action, checked again only when the query, the operation or the schema changed —
/// so typing checks per keystroke and moving the cursor costs nothing. Pure: the schema was read
/// with the collection file (`CollectionSlot.graphqlSchema`).
extension ExplorerReducer {
    static func checkGraphQL(_ state: inout ExplorerState) {
        guard let key = state.selection, let request = state.request(key),
            case .graphql(let body) = request.body.content
        else {
            if state.editor.graphql != nil { reduceEditor(.checkGraphQL(nil), &state) }
            return
        }
        let schema = state.collections.first { $0.collectionID == key.collectionID }?.graphqlSchema
        if let check = state.editor.graphql,
            check.isCurrent(text: body.query, operation: body.operationName, schema: schema)
        {
            return
        }
        reduceEditor(.checkGraphQL(schema), &state)
    }
}
