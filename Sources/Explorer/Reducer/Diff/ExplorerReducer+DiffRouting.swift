import Foundation
import JSONTree
import Replay
import TUI
import Workspace

/// The root's door to the Diff view's slice: `m` in the History tab marks an entry (the slice
/// compares two), the view's keys move between changes and scroll, the mouse wheel scrolls. The
/// root finds the entry under the cursor, builds the Context (the rows a page holds, the mark key)
/// and applies the Outcome (a notice, the comparison effect).
extension ExplorerReducer {
    static func diffAction(_ command: DiffViewCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let page = DiffLayout.pageRows(state.size)
        switch command {
        case .mark:
            let response = state.response
            let onHistory = state.focus == .response && response.tab == .history
            let entry =
                onHistory && response.history.indices.contains(response.historySelected)
                ? response.history[response.historySelected] : nil
            guard onHistory else {
                notify(&state, "Marking compares History entries: open the response pane's History tab", kind: .info)
                return []
            }
            return reduceDiff(.mark(entry), &state)
        case .compareEnvironment: return promptCompareEnvironment(&state)
        case .show: return reduceDiff(.show, &state)
        case .next: return reduceDiff(.nextChange, &state)
        case .previous: return reduceDiff(.previousChange, &state)
        case .up: return reduceDiff(.move(rows: -1), &state)
        case .down: return reduceDiff(.move(rows: 1), &state)
        case .pageUp: return reduceDiff(.move(rows: -page), &state)
        case .pageDown: return reduceDiff(.move(rows: page), &state)
        case .top: return reduceDiff(.top, &state)
        case .bottom: return reduceDiff(.bottom, &state)
        case .hide: return reduceDiff(.hide, &state)
        case .toggle: return reduceDiff(.toggle, &state)
        case .fold: return reduceDiff(.fold, &state)
        case .unfold: return reduceDiff(.unfold, &state)
        case .foldAll: return reduceDiff(.foldAll, &state)
        }
    }

    /// Routes an action to the Diff slice and applies its notice; returns its effects.
    @discardableResult
    static func reduceDiff(
        _ action: DiffReducer.Action, _ state: inout ExplorerState, markKey: String? = nil
    ) -> [ExplorerEffect] {
        let markKey = markKey ?? state.keys.keymap.keys(for: .diff(.mark)).first?.description ?? "m"
        let context = DiffReducer.Context(pageRows: DiffLayout.pageRows(state.size), markKey: markKey)
        let outcome = DiffReducer.reduce(&state.diff, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return outcome.effects
    }

    /// Keys while the Diff view is on screen: its `diff` context (Esc closes it too); F-keys,
    /// Ctrl and Alt keep their global meaning.
    static func diffKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        if isCommandKey(key), key.key != .tab, key.key != .backTab,
            let command = ExplorerKeymap.command(state.keys.resolve(key, contexts: []))
        {
            return perform(command, &state)
        }
        if key == KeyEvent(.escape) {
            state.keys.reset()
            return reduceDiff(.hide, &state)
        }
        switch ExplorerKeymap.command(state.keys.resolve(key, contexts: [KeyContext.diff.rawValue])) {
        case .diff(let command)?: return diffAction(command, &state)
        case .app(.help)?: return perform(.app(.help), &state)
        default: return []
        }
    }

    /// The wheel scrolls the Diff view three rows; clicks do nothing under it.
    static func diffMouse(_ mouse: MouseEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch mouse.kind {
        case .scrollUp: reduceDiff(.scroll(rows: -3), &state)
        case .scrollDown: reduceDiff(.scroll(rows: 3), &state)
        default: []
        }
    }
}

/// "Compare with environment…": the environment asked for in a prompt, the selected request sent
/// there through the Runner's engine, its answer compared with the body shown.
extension ExplorerReducer {
    static func promptCompareEnvironment(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let document = state.document(collectionID: key.collectionID) else {
            notify(&state, "Select a request to compare", kind: .info)
            return []
        }
        guard shownJSON(state) != nil else {
            notify(
                &state, "Send the request first: its JSON answer is what the other one is compared with", kind: .info)
            return []
        }
        let current = state.environmentName(collectionID: key.collectionID)
        let others = document.collection.environments.map(\.name).filter { $0 != current }
        guard let first = others.first else {
            notify(&state, "\(document.collection.name) has no other environment to compare with", kind: .info)
            return []
        }
        let prompt = PromptState(
            purpose: .compareEnvironment(key), title: "Compare with environment (\(others.joined(separator: ", ")))",
            text: first)
        return reduceOverlays(.open(.prompt(prompt)), &state)
    }

    /// The prompt answered: a known environment sends the request there (as saved, with the
    /// draft's edits), anything else asks again.
    static func compareEnvironment(_ prompt: PromptState, _ key: RequestKey, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
        guard let document = state.document(collectionID: key.collectionID),
            let request = state.request(key),
            let location = document.collection.location(ofRequest: key.requestID)
        else {
            notify(&state, "The request is gone", kind: .warning)
            return reduceOverlays(.close, &state)
        }
        guard document.collection.environment(named: name) != nil else {
            var again = prompt
            again.error = "No environment named \"\(name)\""
            return reduceOverlays(.open(.prompt(again)), &state)
        }
        guard let body = shownJSON(state) else {
            let partial = state.shownResult?.response?.partial != nil
            notify(
                &state,
                partial ? "The answer is still arriving: compare it once all has come" : "The answer shown is gone",
                kind: .warning)
            return reduceOverlays(.close, &state)
        }
        let shownIn =
            state.shownResult?.environmentName ?? state.environmentName(collectionID: key.collectionID) ?? "shown"
        let job = DiffEnvironmentJob(
            item: RunPlan.Item(document: document, folderPath: location.folderPath, request: request),
            environment: name, captures: state.captures.filter { $0.key == key.collectionID },
            answers: state.overlays.promptAnswers, leftTitle: "\(shownIn) (shown)", left: body)
        return reduceOverlays(.close, &state) + reduceDiff(.compare(job), &state)
    }

    /// The body of the response shown, when it is JSON.
    private static func shownJSON(_ state: ExplorerState) -> [UInt8]? {
        guard let response = state.shownResult?.response, response.partial == nil, case .json = response.content else {
            return nil
        }
        return response.content.bytes.arrayValue
    }
}
