import Foundation
package import TUI
package import Workspace

/// The collections pane's slice: moving, folding, opening and filtering rows, and the structural
/// edits of its rows (`NavigatorReducer+Edits`). It reduces only `NavigatorState`; the loaded
/// collections, the drafts and the selected request come in the `Context`, and what changes a
/// document, a draft or another pane goes back to the root as `Outcome` requests.
package enum NavigatorReducer: SliceReducer {
    package typealias State = NavigatorState

    package enum Action: Equatable, Sendable {
        /// A movement key (up, down, pages, fold with left, unfold or open with right).
        case navigate(NavigationAction)
        /// A collections pane command (open, filter, new, rename, duplicate, delete, undo, move).
        case command(NavigatorCommand)
        /// A key typed while the filter has the keyboard.
        case filterKey(KeyEvent)
        case pasteFilter(String)
        /// Esc while filtering: the filter stays, the keyboard leaves it.
        case endFilter
        /// Esc outside the filter: the filter is emptied.
        case clearFilter
        /// The collections changed: the rows follow (the selection stays on its row).
        case rebuild
        /// The selected request's row: its collection and folders open, the row selected.
        case reveal(RequestKey)
        /// Selects the row of `kind` when it is visible.
        case selectRow(NavigatorRow.Kind)
        /// Opens these collections and folders (expansion keys: a loaded collection's remembered
        /// folders, a new collection).
        case expand([String])
        /// A rename the workspace slice made, which `u` can undo for a while (from now).
        case offerUndo(UndoableDeletion)
        /// The time passed: the offer to undo a deletion ends when it expires.
        case expireUndo
        /// A renamed folder stays open if it was (expansion keys).
        case renameExpansion(from: String, to: String)
        /// The mouse wheel: the list scrolls by `rows` without opening the requests it passes.
        case scroll(rows: Int)
        /// A click on the `line`th visible row, `column` cells into it: selects the row; a request
        /// opens, a collection or folder folds when its arrow (or the selected row) is clicked.
        case click(line: Int, column: Int)
    }

    package struct Context: Equatable, Sendable {
        package var collections: [CollectionSlot]
        package var selection: RequestKey?
        /// Edited requests (a duplicate copies the request as on screen; a deletion keeps them).
        package var drafts: [RequestKey: SavedRequest]
        /// Where `a` and `A` add when no row says (see `ExplorerState.currentCollectionID`).
        package var currentCollectionID: String?
        /// Rows PgUp and PgDn move.
        package var page: Int
        package var now: Duration

        package init(
            collections: [CollectionSlot], selection: RequestKey? = nil, drafts: [RequestKey: SavedRequest] = [:],
            currentCollectionID: String? = nil, page: Int = 10, now: Duration = .zero
        ) {
            self.collections = collections
            self.selection = selection
            self.drafts = drafts
            self.currentCollectionID = currentCollectionID
            self.page = page
            self.now = now
        }

        func document(_ collectionID: String) -> CollectionDocument? {
            collections.first { $0.collectionID == collectionID }?.document
        }

        func request(_ key: RequestKey) -> SavedRequest? {
            drafts[key] ?? document(key.collectionID)?.collection.request(id: key.requestID)
        }
    }

    /// What the slice asks of the root, applied in order.
    package enum Request: Equatable, Sendable {
        /// Make this the selected request (its editor, its response).
        case select(RequestKey, focus: Bool)
        /// Select a request just made (a copy): no history or remembered state to load.
        case selectNew(RequestKey)
        case openOverlay(Overlay)
        /// The collection changed: store it (the rows are rebuilt); its save is in the effects.
        case store(CollectionDocument)
        /// Remember which folders of the collection are open.
        case rememberUIState(collectionID: String)
        /// The drafts of deleted requests leave (the selection with them when it was one).
        case dropDrafts([RequestKey])
        /// Drafts an undo gives back (a draft made since wins).
        case restoreDrafts([RequestKey: SavedRequest])
        /// Said together with "Saved" when the collection's save lands.
        case saveNotice(collectionID: String, String)
        /// Put the cursor on this row once the collection is stored.
        case selectRow(NavigatorRow.Kind)
    }

    package typealias Outcome = SliceRequests<Request>

    /// How long a deletion can be undone.
    static let undoDuration = Duration.seconds(10)

    package static func reduce(_ state: inout NavigatorState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .navigate(let navigation):
            return navigate(navigation, &state, context)
        case .command(let command):
            return perform(command, &state, context)
        case .filterKey(let key):
            if key == KeyEvent(.enter) || key.key == .down || key.key == .up {
                state.isFiltering = false
                if key.key != .enter { return navigate(key.key == .down ? .down : .up, &state, context) }
                // Enter opens the selected match at once.
                return perform(.open, &state, context)
            }
            if state.filter.handle(key) { state.rebuild(from: context.collections) }
            state.selected = state.rows.firstIndex { $0.requestKey != nil } ?? 0
        case .pasteFilter(let text):
            state.filter.insert(text.replacingOccurrences(of: "\n", with: " "))
            state.rebuild(from: context.collections)
        case .endFilter:
            state.isFiltering = false
        case .clearFilter:
            guard !state.filter.text.isEmpty else { break }
            state.filter.setText("")
            state.rebuild(from: context.collections)
        case .rebuild:
            state.rebuild(from: context.collections)
        case .reveal(let key):
            // Already listed (a move in the tree, most selections): found without walking the
            // collection or rebuilding its rows, which for a million requests took a second a key.
            if state.selectedRow?.requestKey == key || state.select(.request(key)) { break }
            state.expanded.insert(key.collectionID)
            if let path = context.document(key.collectionID)?.collection.folderPath(ofRequest: key.requestID) {
                for depth in path.indices {
                    state.expanded.insert(([key.collectionID] + path[...depth]).joined(separator: "/"))
                }
            }
            state.rebuild(from: context.collections)
            state.select(.request(key))
        case .selectRow(let kind):
            state.select(kind)
        case .expand(let keys):
            state.expanded.formUnion(keys)
            state.rebuild(from: context.collections)
        case .offerUndo(var undo):
            undo.expires = context.now + undoDuration
            state.undo = undo
        case .expireUndo:
            if let undo = state.undo, undo.expires <= context.now { state.undo = nil }
        case .renameExpansion(let old, let new):
            if state.expanded.remove(old) != nil { state.expanded.insert(new) }
        case .scroll(let rows):
            state.offset = max(0, min(max(0, state.rows.count - 1), state.offset + rows))
        case .click(let line, let column):
            let index = state.offset + line
            guard state.rows.indices.contains(index) else { break }
            let wasSelected = state.selected == index
            state.selected = index
            let row = state.rows[index]
            if let key = row.requestKey { return Outcome(requests: [.select(key, focus: false)]) }
            if wasSelected || column <= row.depth * 2 + 1 { return perform(.open, &state, context) }
        }
        return Outcome()
    }

    private static func navigate(_ navigation: NavigationAction, _ state: inout NavigatorState, _ context: Context)
        -> Outcome
    {
        let count = state.rows.count
        guard count > 0 else { return Outcome() }
        let page = max(1, context.page)
        switch navigation {
        case .up: state.selected = max(0, state.selected - 1)
        case .down: state.selected = min(count - 1, state.selected + 1)
        case .pageUp: state.selected = max(0, state.selected - page)
        case .pageDown: state.selected = min(count - 1, state.selected + page)
        case .top: state.selected = 0
        case .bottom: state.selected = count - 1
        case .left:
            guard let row = state.selectedRow else { break }
            if row.isExpanded, let key = row.expansionKey {
                state.expanded.remove(key)
                state.rebuild(from: context.collections)
            } else if let parent = parentIndex(of: state.selected, in: state.rows) {
                state.selected = parent
            }
        case .right:
            guard let row = state.selectedRow else { break }
            if let key = row.expansionKey, !row.isExpanded, row.hasChildren {
                state.expanded.insert(key)
                state.rebuild(from: context.collections)
            } else if let key = row.requestKey {
                return Outcome(requests: [.select(key, focus: false)])
            }
        }
        // Moving onto a request shows it at once (its editor and last response).
        if let key = state.selectedRow?.requestKey, key != context.selection {
            return Outcome(requests: [.select(key, focus: false)])
        }
        return Outcome()
    }

    private static func parentIndex(of index: Int, in rows: [NavigatorRow]) -> Int? {
        let depth = rows[index].depth
        guard depth > 0 else { return nil }
        return rows[..<index].lastIndex { $0.depth < depth }
    }
}
