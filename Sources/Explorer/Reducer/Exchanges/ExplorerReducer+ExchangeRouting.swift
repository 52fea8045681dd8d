import GraphQLCheck
import TUI
import Workspace

/// The root's door to the exchanges slice: builds its Context from the whole state (the time,
/// the selection, the selected request as it would be sent, its curl command when one is copied),
/// reduces, and applies the Outcome: the notice as a toast, and the requests (the send's problems
/// in a dialog, the response pane reset or showing the new result).
extension ExplorerReducer {
    /// Sends the selected request; a field being edited ends its edit first (the editor's part),
    /// so the next `g 3` or `[` is a command again, not text typed into the URL or the body.
    /// (Its drafts are stored by what follows, as for `commitEditing`.)
    static func send(_ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceEditor(.endEditForSend, &state)
        return reduceExchanges(.send, &state)
    }

    @discardableResult
    static func reduceExchanges(_ action: ExchangesReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = ExchangesReducer.Context(now: state.now, selection: state.selection)
        switch action {
        case .send, .sendAnswered, .cancel, .cancelSelected: context.target = sendTarget(state)
        case .copyAsCurl(let reveal):
            context.curl = RequestPreview.of(state).map {
                let copy = CurlCommand.copy($0, reveal: reveal)
                return ExchangesReducer.CurlCopy(text: copy.text, notice: copy.notice)
            }
        case .finished, .event, .chainStage, .deviceCode, .browserAuthorization, .preparing, .tokenState,
            .generationTaken, .snapshotAccepted, .streamEvents, .streamReconnection, .streamView, .streamPage,
            .streamPageAsked,
            .streamFilterOlder, .tokenStep, .bodyPreview:
            break
        }
        let outcome = ExchangesReducer.reduce(&state.sends, action, context)
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .openOverlay(let overlay): effects += reduceOverlays(.open(overlay), &state)
            case .askPrompts(let key, let prompts): effects += reduceOverlays(.askPrompts(key, prompts), &state)
            case .resultCancelled: effects += reduceResponse(.resultCancelled, &state)
            // A tree that grows asks its filter and search again.
            case .showLatest: effects += reduceResponse(.showLatest, &state)
            case .streamStarted: effects += reduceResponse(.streamStarted, &state)
            case .previewUpdated: effects += reduceResponse(.previewUpdated, &state)
            }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return effects
    }

    /// The selected request as it would be sent now: the draft, its document, the environment in
    /// use, the captured values, and the preview's URL and problems.
    static func sendTarget(_ state: ExplorerState) -> ExchangesReducer.Target? {
        guard let key = state.selection, let request = state.request(key),
            let document = state.document(collectionID: key.collectionID), let preview = RequestPreview.of(state)
        else { return nil }
        var problems = preview.problems.map { $0.description(in: document.collection, for: request.id) }
        var heading = SendBlockHeading.of(preview.problems)
        if let operation = graphqlOperationProblem(request, state) {
            problems.insert(operation, at: 0)
            heading = problems.count == 1 ? "Which operation?" : "\(problems.count) problems"
        }
        return ExchangesReducer.Target(
            key: key, request: request, document: document,
            environment: state.environment(collectionID: key.collectionID),
            captures: state.captures[key.collectionID] ?? [:], url: preview.url, problems: problems,
            problemsHeading: heading, prompts: preview.prompts)
    }

    /// A GraphQL query with several operations and none (or one it lacks) named would be refused
    /// by the server: the send stops first and says which key chooses (Enter in the dialog opens
    /// the picker: `jump(toProblem:)`).
    static func graphqlOperationProblem(_ request: SavedRequest, _ state: ExplorerState) -> String? {
        guard case .graphql(let body) = request.body.content else { return nil }
        let operations = GraphQLOperations.of(body.query)
        guard GraphQLOperations.choiceProblem(operations, operationName: body.operationName) != nil else { return nil }
        let key = state.keys.keymap.keys(for: .request(.graphqlOperation)).first?.description ?? "the palette"
        if let name = body.operationName {
            return
                "\(GraphQLOperationPickerState.sendProblemPrefix) no operation \"\(name)\" in the query (\(operations.count) operations): choose one with \(key)"
        }
        return "\(GraphQLOperationPickerState.sendProblemPrefix) \(operations.count) operations: choose one with \(key)"
    }
}
