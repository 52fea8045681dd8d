import HTTPCore
import TUI
import Workspace

/// The request commands of the table: send, cancel, save, copy as curl, tabs, the URL, the
/// method, the body kind and the row commands of the tables.
extension ExplorerReducer {
    static func requestAction(_ command: RequestCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .send: return send(&state)
        case .cancel:
            guard let key = state.selection, let generation = state.exchanges[key]?.inFlight else {
                notify(&state, "No request in flight", kind: .info)
                return []
            }
            return cancel(key, generation: generation, &state)
        case .save: return saveSelected(&state)
        case .saveAll: return saveAll(&state)
        case .copyCurl: return copyAsCurl(&state, reveal: false)
        case .copyCurlRevealed: return copyAsCurl(&state, reveal: true)
        case .previousTab, .nextTab:
            commitEditing(&state)
            let count = RequestTab.allCases.count
            let step = command == .nextTab ? 1 : count - 1
            state.editor.tab = RequestTab(rawValue: (state.editor.tab.rawValue + step) % count) ?? .params
            state.editor.focus = .content
            state.editor.formSelected = 0
        case .focusURL, .url:
            state.focus = .request
            state.editor.focus = .url
        case .edit:
            state.focus = .request
            if state.tableHasFocus { return tableCommand(.edit, &state) }
            if state.editor.tab == .body || state.editor.tab == .notes { state.editor.focus = .editing }
        case .toggleRow: return tableCommand(.toggle, &state)
        case .addRow: return tableCommand(.add, &state)
        case .deleteRow: return tableCommand(.delete, &state)
        case .method:
            guard let key = state.selection else { return [] }
            let all = RequestMethod.standard.filter { $0 != .connect && $0 != .trace }
            updateDraft(key, &state) { request in
                let index = all.firstIndex(of: request.method) ?? -1
                request.method = all[(index + 1) % all.count]
            }
            return draftsChanged(&state)
        case .bodyKind:
            return cycleBodyKind(&state)
        case .formatBody:
            guard let key = state.selection, let formatted = BodyText.formatted(state.editor.body.text) else {
                let text = state.editor.body.text
                let reason =
                    state.editor.bodyProblem.map { "Not JSON: \($0)" }
                    ?? (text.contains("{{")
                        ? "Not formatted: a bare {{variable}} is JSON only once filled in" : "The body is not JSON")
                notify(&state, reason, kind: .warning)
                return []
            }
            state.editor.body.setText(formatted)
            updateDraft(key, &state) { $0.body = BodyText.replacing($0.body, with: formatted) }
            state.editor.bodyProblem = nil
            return draftsChanged(&state)
        case .editBodyExternally:
            guard let key = state.selection, let request = state.request(key), BodyText.isTextual(request.body) else {
                return []
            }
            return [.editExternally(key, text: state.editor.body.text, fileExtension: fileExtension(of: request.body))]
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7:
            let tabs: [RequestCommand] = [.tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7]
            guard let tab = tabs.firstIndex(of: command).flatMap(RequestTab.init(rawValue:)) else { return [] }
            commitEditing(&state)
            state.focus = .request
            state.editor.tab = tab
            state.editor.focus = .content
            state.editor.formSelected = 0
        }
        return []
    }
}
