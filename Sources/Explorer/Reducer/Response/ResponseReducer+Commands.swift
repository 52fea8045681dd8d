import Foundation
import JSONTree
import TUI
import Workspace

/// The response pane's commands: tabs, the error card's details, saving and copying the body,
/// opening a history entry, the tree's folds and search, Raw's switches.
extension ResponseReducer {
    static func perform(_ command: ResponseCommand, _ context: Context, _ state: inout ResponseViewState) -> Outcome {
        let shown = state.openedHistoryResult ?? context.liveResult
        if shown?.response?.partial != nil, [.save, .saveMock, .acceptSnapshot, .rawCopy].contains(command) {
            return Outcome(
                notice: Notice(
                    "The body is still arriving: this waits for all of it (Esc cancels the send)", kind: .info))
        }
        switch command {
        case .previousTab, .nextTab:
            let count = ResponseTab.allCases.count
            let step = command == .nextTab ? 1 : count - 1
            state.tab = ResponseTab(rawValue: (state.tab.rawValue + step) % count) ?? .tree
            state.scroll = 0
        case .retry:
            return Outcome(requests: [.send])
        case .details:
            state.detailsOpen.toggle()
        case .save:
            guard let response = shown?.response, !response.content.bytes.isEmpty else {
                return Outcome(notice: Notice("No body to save", kind: .info))
            }
            let name = (context.requestName ?? "response").lowercased().map {
                $0.isLetter || $0.isNumber ? $0 : "-"
            }
            let fileExtension = response.contentType.map(ResponseFiles.fileExtension) ?? "bin"
            let kept = Int64(response.content.bytes.count)
            let what =
                kept < response.size
                ? "the first \(ByteCount.format(kept)) of the body (\(ByteCount.format(response.size)))"
                : "the body (\(ByteCount.format(response.size)))"
            let prompt = PromptState(
                purpose: .saveBody, title: "Save \(what) to",
                text: String(name).split(separator: "-").joined(separator: "-") + "." + fileExtension)
            return Outcome(requests: [.openOverlay(.prompt(prompt))])
        case .open:
            if state.tab == .history, state.history.indices.contains(state.historySelected) {
                let entry = state.history[state.historySelected]
                state.resetForNewResult()
                state.openedHistory = entry
                state.openedHistoryStream = HistoryStream.log(entry, join: context.streamJoin)
                state.openedHistoryResult = HistoryResult.make(entry, index: state.historySelected)
                state.tab = .tree
                buildTree(context.liveResult, &state)
                return Outcome(
                    notice: Notice(
                        "A past exchange (\(ISOTimeText.short(entry.date))) — Esc returns to the latest", kind: .info))
            } else if state.tab == .tree {
                return enterInTree(context, &state)
            }
        case .treeToggle: return enterInTree(context, &state)
        case .expandAll:
            let node = currentTreeRow(state)?.node
            state.tree?.expandAll()
            keepSelection(on: node, &state)
        case .collapseAll:
            state.tree?.collapseAll()
            state.selectedRow = 0
            state.offset = 0
        case .depth1: expand(toDepth: 1, &state)
        case .depth2: expand(toDepth: 2, &state)
        case .depth3: expand(toDepth: 3, &state)
        case .search:
            state.search.isEditing = true
            state.search.query.selectAll()
        case .filter:
            state.filter.isEditing = true
            state.filter.query.selectAll()
        case .nextMatch, .previousMatch:
            if let log = context.streamLog, state.tab == .tree, state.openedStreamEvent == nil {
                return stepStream(forward: command == .nextMatch, log, key: context.requestKey, &state)
            }
            return Outcome(notice: stepMatch(forward: command == .nextMatch, &state))
        case .nextFinding, .previousFinding:
            return Outcome(notice: stepFinding(forward: command == .nextFinding, &state))
        case .graphqlErrors: return toggleGraphQLErrors(&state)
        case .graphqlErrorNode: return goToGraphQLErrorNode(&state)
        case .graphqlErrorQuery: return graphqlErrorQueryPlace(&state)
        case .copyValue, .copyPath:
            guard let row = currentTreeRow(state), let document = state.tree?.document else { return Outcome() }
            let filter = state.filter
            let text =
                command == .copyPath
                ? (filter.document == nil
                    ? document.jsonPath(row.node) : filter.responsePath(of: document.jsonPath(row.node)))
                : (document.kind(row.node) == .string ? document.string(row.node) ?? "" : document.rawText(row.node))
            return Outcome(
                effects: [.copy(text)],
                notice: Notice("Copied \(command == .copyPath ? "path" : "value"): \(text.prefix(60))", kind: .info))
        case .rawWrap, .rawHex, .rawPretty:
            // From the palette on another tab the switch flipped out of sight: show the Raw tab.
            state.tab = .raw
            if command == .rawWrap { state.rawWrap.toggle() }
            if command == .rawHex { state.rawHex.toggle() }
            if command == .rawPretty { state.rawPretty.toggle() }
            return Outcome(requests: [.focusResponse])
        case .saveMock:
            return Outcome(requests: [.saveMockRoute])
        case .cookies:
            return Outcome(requests: [.openCookies])
        case .acceptSnapshot:
            return Outcome(requests: [.acceptSnapshot])
        case .recheckHistory:
            return Outcome(requests: [.recheckHistory])
        case .streamJoin:
            guard let key = context.requestKey else { return Outcome() }
            let prompt = PromptState(
                purpose: .streamJoin(key), title: "Join the text of each event at", text: context.streamJoin ?? "")
            return Outcome(requests: [.openOverlay(.prompt(prompt))])
        case .copyAuthorizationURL:
            guard let address = context.authorizationURL else {
                return Outcome(notice: Notice("No authorization waits for the browser", kind: .info))
            }
            return Outcome(
                effects: [.copy(address)], notice: Notice("Copied the authorization address", kind: .info))
        case .rawCopy:
            guard let bytes = shown?.response?.content.bytes else { return Outcome() }
            return Outcome(
                effects: [.copy(String(decoding: bytes, as: UTF8.self))],
                notice: Notice("Copied the body (\(ByteCount.format(Int64(bytes.count))))", kind: .info))
        }
        return Outcome()
    }
}
