import GraphQLCheck
import Interop
import TUI
import Workspace

/// The root's side of the request pane: builds the editor slice's context from the whole state,
/// runs the slice, and applies what it asks (the edited request becomes the draft, drafts are
/// autosaved, Enter in the URL sends). Sending, cancelling and copying as curl go to the
/// exchanges slice, saving to the workspace slice.
extension ExplorerReducer {
    static func requestAction(_ command: RequestCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .send: return send(&state)
        case .cancel: return reduceExchanges(.cancelSelected, &state)
        case .save: return saveSelected(&state)
        case .saveAll: return saveAll(&state)
        case .copyCurl: return reduceExchanges(.copyAsCurl(reveal: false), &state)
        case .copyCurlRevealed: return reduceExchanges(.copyAsCurl(reveal: true), &state)
        case .authToFolder: return reduceWorkspace(.giveAuth(toCollection: false), &state)
        case .authToCollection: return reduceWorkspace(.giveAuth(toCollection: true), &state)
        case .oauthNewToken, .oauthRefresh, .oauthForget: return oauthToken(command, &state)
        case .webSocketCompose, .webSocketSendSaved: return openComposer(command == .webSocketCompose, &state)
        case .graphqlRefreshSchema: return refreshGraphQLSchema(&state)
        case .graphqlSchemaBrowser:
            guard let index = graphqlSchemaIndex(state) else {
                notify(&state, "No GraphQL schema to browse (graphqlSchema in the collection)", kind: .info)
                return []
            }
            let browser = GraphQLSchemaBrowserState(index: index, type: graphqlTypeInScope(state, index: index))
            return reduceOverlays(.open(.graphqlSchema(browser)), &state)
        case .graphqlOperation: return openOperationPicker(&state)
        case .focusURL, .url, .edit, .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .graphqlNextProblem,
            .graphqlVariables, .graphqlComplete, .graphqlVariablesSkeleton:
            // These bring the request pane forward first.
            reduceScreen(.focus(.request), &state)
            return reduceEditor(.command(command), &state)
        case .previousTab, .nextTab, .toggleRow, .addRow, .deleteRow, .moveRowUp, .moveRowDown, .rowUp, .rowDown,
            .rowPageUp, .rowPageDown, .firstRow, .lastRow, .otherColumn, .nameColumn, .valueColumn, .method, .bodyKind,
            .formatBody, .editBodyExternally, .undo, .redo, .revert, .completionAccept, .completionNext,
            .completionPrevious:
            return reduceEditor(.command(command), &state)
        }
    }

    /// Keys for the tab's own widget while nothing is typed. Nil: not handled, the keymap decides.
    static func requestContentKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        var passed = false
        let effects = reduceEditor(.contentKey(key), &state, passed: &passed)
        return passed ? nil : effects
    }

    static func pasteIntoRequest(_ text: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let selection = state.selection else { return [] }
        // A curl command pasted into the URL becomes requests (the root's: it adds to the collection).
        if state.editor.focus == .url, CurlImport.looksLikeCommand(text) {
            return reduceWorkspace(.pasteCurl(text, selection), &state)
        }
        return reduceEditor(.paste(text), &state)
    }

    /// Commits a table cell or form line being edited before focus moves away, a send or a save
    /// (the drafts are stored by what follows).
    static func commitEditing(_ state: inout ExplorerState) {
        _ = reduceEditor(.commitEditing, &state)
    }

    /// What the editor slice sees of the rest of the explorer.
    /// (The variables `{{` completes to are worked out only for a key typed.)
    static func editorContext(
        _ state: ExplorerState, typing: Bool = false
    ) -> RequestEditorReducer.Context {
        RequestEditorReducer.Context(
            key: state.selection, request: state.selectedRequest, saved: state.selection.flatMap(state.savedRequest),
            paneFocused: state.focus == .request,
            addRowKey: state.keys.keymap.keys(for: .request(.addRow)).first?.description ?? "a",
            variables: typing ? state.completionVariables : [], graphqlSchema: graphqlSchemaIndex(state))
    }

    /// The type in scope at the query's cursor (the Body tab shown): the type of the selection set
    /// it is in (`user(id: "1") { | }` → `User`), the type whose field's arguments, or the input
    /// object, are being written; nil elsewhere (the browser lists every type).
    static func graphqlTypeInScope(_ state: ExplorerState, index: GraphQLSchemaIndex) -> String? {
        let editor = state.editor
        guard editor.tab == .body, !editor.onVariables else { return nil }
        let offset = RequestEditorReducer.utf8Offset(of: editor.body)
        switch GraphQLCursorContext.at(offset, in: editor.body.text, index: index).place {
        // In a field's arguments: the type with that field (its arguments shown on its row).
        case .field(let type), .spread(let type), .value(let type), .inputField(let type, _),
            .argument(let type, _, _):
            return type
        case .typeCondition, .variableType, .variable, .directive, .directiveArgument, .nothing: return nil
        }
    }

    /// The schema of the selected GraphQL request's collection, for completion and docs (nil for
    /// another body, or while there is none).
    static func graphqlSchemaIndex(_ state: ExplorerState) -> GraphQLSchemaIndex? {
        guard let key = state.selection, case .graphql? = state.selectedRequest?.body.content else { return nil }
        return state.collections.first { $0.collectionID == key.collectionID }?.graphqlSchema?.schema?.index
    }

    @discardableResult
    static func reduceEditor(_ action: RequestEditorReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var passed = false
        return reduceEditor(action, &state, passed: &passed)
    }

    /// Runs the editor slice and applies its outcome: the draft, then its notice; the drafts are
    /// stored (or the request sent) last.
    private static func reduceEditor(
        _ action: RequestEditorReducer.Action, _ state: inout ExplorerState, passed: inout Bool
    ) -> [ExplorerEffect] {
        var typing = false
        if case .type = action { typing = true }
        let outcome = RequestEditorReducer.reduce(&state.editor, action, editorContext(state, typing: typing))
        passed = outcome.passed
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .updateDraft(let key, let request):
                effects += reduceWorkspace(.setDraft(key, request), &state)
            case .storeDrafts:
                effects += draftsChanged(state)
            case .send:
                effects += send(&state)
            case .openEnvironmentPicker:
                effects += reduceOverlays(.close, &state)
                effects += reduceWorkspace(.openEnvironmentPicker, &state)
            case .offerSecret(let key, let field):
                effects += reduceWorkspace(.offerSecret(key, field), &state)
            }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return effects
    }
}
