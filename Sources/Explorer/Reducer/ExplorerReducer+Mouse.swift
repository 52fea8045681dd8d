import JSONTree
import TUI
import Workspace

/// The mouse: a click focuses the pane under the pointer and goes, as the place it hit (a row, a
/// tab, the URL), to the slice of that pane; the wheel scrolls the pane under the pointer.
extension ExplorerReducer {
    static func handleMouse(_ mouse: MouseEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard state.overlay == nil else {
            if case .press(.left) = mouse.kind, case .help = state.overlay { return reduceOverlays(.close, &state) }
            return []
        }
        let layout = ExplorerLayout(state)
        // A row picked up in the Query or Headers table follows the pointer until the button is let go.
        if state.editor.draggedRow != nil {
            switch mouse.kind {
            case .drag(.left):
                guard let row = tableRow(at: mouse.position, layout, state, clamped: true) else { return [] }
                return reduceEditor(.click(.dragRow(to: row)), &state)
            case .release:
                return reduceEditor(.click(.dropRow), &state)
            default: break
            }
        }
        guard let pane = layout.pane(at: mouse.position) else { return [] }
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            let saved = state.focus
            reduceScreen(.focus(pane), &state)
            let direction: NavigationAction = mouse.kind == .scrollUp ? .up : .down
            var effects: [ExplorerEffect] = []
            if pane == .collections {
                // The wheel scrolls the list without opening every request it passes.
                effects += reduceNavigator(.scroll(rows: direction == .up ? -3 : 3), &state)
            } else {
                for _ in 0..<3 { effects += navigate(direction, &state) }
            }
            reduceScreen(.focus(saved), &state)
            return effects
        case .press(.left):
            if state.isTyping, state.focus != pane { commitEditing(&state) }
            reduceScreen(.focus(pane), &state)
            return click(mouse.position, in: pane, layout, &state)
        default:
            return []
        }
    }

    /// The Query (Params tab) or Headers row at `position`, nil elsewhere; `clamped`: above the
    /// table's first row is the first, below its last the last (a drag past the edge).
    private static func tableRow(at position: Position, _ layout: ExplorerLayout, _ state: ExplorerState, clamped: Bool)
        -> Int?
    {
        guard let rect = layout.request else { return nil }
        let content = ExplorerLayout.requestParts(rect).content
        let area: Rect
        let table: KeyValueEditorState
        switch state.editor.tab {
        case .params:
            area = RequestLayout.paramsAreas(state, in: content).query
            table = state.editor.query
        case .headers:
            area = content
            table = state.editor.headers
        default: return nil
        }
        guard !table.rows.isEmpty, area.height > 0 else { return nil }
        if !clamped, !area.contains(position) { return nil }
        let line = min(max(position.y - area.y, 0), area.height - 1)
        let row = table.table.offset + line
        if clamped { return min(row, table.rows.count - 1) }
        return row < table.rows.count ? row : nil
    }

    private static func click(
        _ position: Position, in pane: Pane, _ layout: ExplorerLayout, _ state: inout ExplorerState
    )
        -> [ExplorerEffect]
    {
        switch pane {
        case .collections:
            guard let rect = layout.collections else { return [] }
            let rows = ExplorerLayout.collectionRows(
                rect, filtering: state.navigator.isFiltering || !state.navigator.filter.text.isEmpty)
            guard rows.contains(position) else { return [] }
            // A click on a collection or folder's arrow (or a second click) folds it.
            return reduceNavigator(.click(line: position.y - rows.y, column: position.x - rows.x), &state)
        case .request:
            guard let rect = layout.request else { return [] }
            let parts = ExplorerLayout.requestParts(rect)
            if parts.url.contains(position) {
                return reduceEditor(.click(.url), &state)
            } else if parts.tabs.contains(position) {
                if let index = ExplorerLayout.tab(
                    at: position.x, of: TabTitles.request(state, width: parts.tabs.width), from: parts.tabs.x,
                    selected: state.editor.tab.rawValue, width: parts.tabs.width)
                {
                    // What was being edited is committed (its drafts are stored by what follows).
                    reduceEditor(.click(.tab(RequestTab(rawValue: index) ?? .params)), &state)
                }
            } else if let row = tableRow(at: position, layout, state, clamped: false) {
                return reduceEditor(.click(.row(row)), &state)
            } else if parts.content.contains(position) {
                if state.editor.tab == .body, state.editor.graphql != nil {
                    let areas = GraphQLBodyLayout.areas(state, RequestLayout.bodyContent(parts.content))
                    if areas.variablesTitle.contains(position) || areas.variables.contains(position) {
                        return reduceEditor(.click(.variables), &state)
                    }
                }
                return reduceEditor(.click(.content), &state)
            }
            return []
        case .response:
            guard let rect = layout.response else { return [] }
            let parts = ExplorerLayout.responseParts(rect)
            if parts.tabs.contains(position) {
                if let index = ExplorerLayout.tab(
                    at: position.x, of: TabTitles.response(state, width: parts.tabs.width), from: parts.tabs.x,
                    selected: state.response.tab.rawValue, width: parts.tabs.width)
                {
                    return reduceResponse(.selectTab(ResponseTab(rawValue: index) ?? .tree), &state)
                }
            } else if parts.content.contains(position) {
                var top = parts.content.y
                if state.response.tab == .tree, case .response(let response)? = state.shownResult?.outcome {
                    // Below the banner, the search or filter line and the GraphQL errors.
                    let content = ResponseLayout.content(response, in: parts.content)
                    let errors = ResponseLayout.graphqlArea(state, in: content)
                    if errors.contains(position) {
                        guard position.y > errors.y else { return [] }
                        let first = ResponseLayout.firstShownGraphQLError(
                            selected: state.response.graphqlErrorSelected, rows: errors.height - 1)
                        return reduceResponse(.clickGraphQLError(first + position.y - errors.y - 1), &state)
                    }
                    top = ResponseLayout.treeArea(state, in: content).y
                    guard position.y >= top else { return [] }
                }
                return reduceResponse(.click(treeRow: state.response.offset + position.y - top), &state)
            }
            return []
        }
    }
}
