package import TUI

/// Where everything goes on a screen of the state's size: shared by the views (to draw), the
/// reducer (to hit-test the mouse) and the layout pass (`settle`, which fits scroll offsets and
/// page sizes to it), so a click always lands where the user sees things.
package struct ExplorerLayout: Sendable, Equatable {
    /// Below this the explorer shows only "Terminal too small" (and keys other than quit wait).
    package static let minimumSize = Size(width: 60, height: 16)
    /// The most the request pane grows to while it has the focus (eight lines of its tab).
    static let focusedRequestHeight = 13

    /// The lines the focused request tab's tables take whole (the Params tab's titles included).
    private static func tableLines(_ state: ExplorerState) -> Int {
        switch state.editor.tab {
        case .params:
            let path = state.editor.pathParams.rows.count
            return 1 + max(1, state.editor.query.rows.count) + (path > 0 ? 1 + path : 0)
        case .headers: return state.editor.headers.rows.count
        // A GraphQL body: the query and its variables (at 80×24 the query had three lines).
        case .body where state.editor.graphql != nil: return 8
        default: return 0
        }
    }

    /// Whether a screen of `size` is too small for the panes.
    package static func isTooSmall(_ size: Size) -> Bool {
        size.width < minimumSize.width || size.height < minimumSize.height
    }

    package var header: Rect
    package var statusBar: Rect
    /// Each visible pane's outer rectangle (with its border); a zoomed layout has one.
    package var collections: Rect?
    package var request: Rect?
    package var response: Rect?

    package init(_ state: ExplorerState) {
        let size = state.size
        header = Rect(x: 0, y: 0, width: size.width, height: 1)
        statusBar = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1)
        let body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        if let zoomed = state.zoomed {
            switch zoomed {
            case .collections: collections = body
            case .request: request = body
            case .response: response = body
            }
            return
        }
        // On a narrow screen the collections pane takes its whole width while it has the focus
        // (at 80 columns names were cut to ten characters with no way to read them).
        let wanted =
            !state.collectionsWidthIsAutomatic
            ? state.collectionsWidth
            : state.focus == .collections
                ? min(state.collectionsWidth, max(20, body.width - 40))
                : min(state.collectionsWidth, max(20, body.width * 3 / 10))
        let leftWidth = max(0, min(wanted, body.width - 30))
        collections = Rect(x: 0, y: body.y, width: max(0, leftWidth), height: body.height)
        let right = Rect(x: leftWidth, y: body.y, width: max(0, body.width - leftWidth), height: body.height)
        var requestHeight = max(7, min(right.height - 5, right.height * state.requestShare / 100))
        if state.requestShareIsAutomatic, state.focus == .request {
            // On a short screen the request pane grows while it has the focus and its table does
            // not fit (at 80×24 the Params tab showed one query row beside a path parameter), up
            // to eight lines of table; the response pane keeps nine lines.
            let wanted = min(5 + Self.tableLines(state), Self.focusedRequestHeight, right.height - 9)
            requestHeight = max(requestHeight, wanted)
        }
        request = Rect(x: right.x, y: right.y, width: right.width, height: requestHeight)
        response = Rect(
            x: right.x, y: right.y + requestHeight, width: right.width, height: right.height - requestHeight)
    }

    /// The pane whose rectangle contains `position`.
    package func pane(at position: Position) -> Pane? {
        if let collections, collections.contains(position) { return .collections }
        if let request, request.contains(position) { return .request }
        if let response, response.contains(position) { return .response }
        return nil
    }

    // MARK: - Inside the panes

    /// The collections pane's rows (inside the border, below the filter line when one shows).
    package static func collectionRows(_ pane: Rect, filtering: Bool) -> Rect {
        let inner = pane.inset(horizontal: 1, vertical: 1)
        guard filtering else { return inner }
        return Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 1))
    }

    /// The request pane: the URL line, the resolved preview line, the tabs line and the content.
    package static func requestParts(_ pane: Rect) -> (url: Rect, preview: Rect, tabs: Rect, content: Rect) {
        let inner = pane.inset(horizontal: 1, vertical: 1)
        return (
            inner.row(0), inner.row(1), inner.row(2),
            Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: max(0, inner.height - 3))
        )
    }

    /// The response pane: the status line, the tabs line and the content.
    package static func responseParts(_ pane: Rect) -> (status: Rect, tabs: Rect, content: Rect) {
        let inner = pane.inset(horizontal: 1, vertical: 1)
        return (
            inner.row(0), inner.row(1),
            Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 2))
        )
    }

    /// The tab a click at column `column` picks in a row of `titles` drawn by `Tabs` from `x` in
    /// `width` columns with `selected` chosen: the tab drawn there, or the next hidden one on a
    /// `‹` or `›` marker; nil between tabs.
    package static func tab(
        at column: Int, of titles: [String], from x: Int, selected: Int, width: Int
    ) -> Int? {
        let strip = Tabs.strip(titleWidths: titles.map(CharacterWidth.of), selected: selected, width: width)
        let shown = strip.ranges.indices.filter { strip.ranges[$0] != nil }
        if strip.hiddenBefore, column == x, let first = shown.first { return first - 1 }
        if strip.hiddenAfter, column == x + width - 1, let last = shown.last { return last + 1 }
        return strip.ranges.firstIndex { $0?.contains(column - x) == true }
    }
}
