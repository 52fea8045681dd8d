import HTTPCore
package import TUI
import Workspace

/// The collections pane: which collections and folders are open, the filter, the selected row
/// and the scroll offset. `rows` is rebuilt from the collections whenever any of them changes.
package struct NavigatorState: Sendable, Equatable {
    /// Expansion keys (see `NavigatorRow.expansionKey`) of open collections and folders.
    package var expanded: Set<String> = []
    /// Text typed into the filter; requests whose method, name, folder or URL contain it stay.
    package var filter = TextEditorState(singleLine: true)
    package var isFiltering = false {
        // The kept matches hold the collections' lists (an edit then copies the list it changes):
        // they are kept only while the filter is being typed in.
        didSet { if !isFiltering { filterMatches.removeAll() } }
    }
    package var selected = 0
    package var offset = 0
    /// The selection, list height and row count the layout last kept the selection on screen for:
    /// while none of them changes, the offset stays where the mouse wheel put it.
    package var laidOut = LaidOut()
    package private(set) var rows: [NavigatorRow] = []
    /// A deleted request or folder that `u` can still bring back.
    package var undo: UndoableDeletion?
    /// What the filter's recent queries matched (a cache, equal to any other).
    private var filterMatches = NavigatorFilterMatches()
    /// The queries whose matches are kept, oldest first (for tests).
    package var keptFilterQueries: [String] { filterMatches.needles }

    package init() {}

    package var selectedRow: NavigatorRow? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// Rebuilds the rows, keeping the selection on the same row when it still exists.
    package mutating func rebuild(from slots: [CollectionSlot]) {
        let previous = selectedRow?.kind
        // The old rows go first (a million of them held beside the new ones doubled the peak), and
        // the new ones are written where they were: a fresh buffer of a million rows had every one
        // of its pages faulted in again at each key of the filter.
        rows.removeAll(keepingCapacity: true)
        NavigatorRows.build(slots: slots, expanded: expanded, filter: filter.text, matches: &filterMatches, into: &rows)
        if !isFiltering { filterMatches.removeAll() }
        if let previous, let index = rows.firstIndex(where: { $0.kind == previous }) {
            selected = index
        }
        selected = max(0, min(selected, rows.count - 1))
    }

    /// Selects the row of `kind` if it is visible.
    @discardableResult
    package mutating func select(_ kind: NavigatorRow.Kind) -> Bool {
        guard let index = rows.firstIndex(where: { $0.kind == kind }) else { return false }
        selected = index
        return true
    }

    /// Keeps the selected row inside a window of `height` rows.
    package mutating func scrollToSelection(height: Int) {
        guard height > 0 else { return }
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        offset = max(0, min(offset, max(0, rows.count - height)))
    }
}

extension NavigatorState {
    /// What the layout last fitted the offset to (see `laidOut`).
    package struct LaidOut: Sendable, Hashable {
        package var selected = -1
        package var height = -1
        package var rowCount = -1

        package init() {}

        package init(selected: Int, height: Int, rowCount: Int) {
            self.selected = selected
            self.height = height
            self.rowCount = rowCount
        }
    }
}

/// Turns collections into navigator rows: collection → folders (depth first) → requests.
///
/// Rows are appended where they go, and only under open collections and folders: a million
/// requests built into a list of their own and then copied into the rows (built even under a
/// closed collection) held three times the rows' memory for a moment.
enum NavigatorRows {
    static func build(
        slots: [CollectionSlot], expanded: Set<String>, filter: String, matches: inout NavigatorFilterMatches,
        into rows: inout [NavigatorRow]
    ) {
        let needle = filter.lowercased()
        let query = TextQuery(needle)
        var filtering = Filtering(query: query, earlier: needle.isEmpty ? nil : matches.narrowing(needle))
        for slot in slots {
            guard let document = slot.document else {
                let problem = slot.diagnostics.first.map { "\($0.line):\($0.column) \($0.message)" } ?? "could not load"
                let title = "\(slot.fileName) — \(problem)"
                if needle.isEmpty || NavigatorFilter.score(query, name: title) != nil {
                    rows.append(
                        NavigatorRow(
                            kind: .broken(path: slot.path), depth: 0, title: title, isExpanded: false,
                            hasChildren: false))
                }
                continue
            }
            let collection = document.collection
            let id = collection.id
            let open = !needle.isEmpty || expanded.contains(id)
            let hasChildren = !collection.folders.isEmpty || !collection.requests.isEmpty
            let row = rows.count
            rows.append(
                NavigatorRow(
                    kind: .collection(collectionID: id), depth: 0, title: collection.name, isExpanded: open,
                    hasChildren: hasChildren))
            guard open else { continue }
            if needle.isEmpty {
                rows.reserveCapacity(rows.count + collection.folders.count + collection.requests.count)
            }
            appendContents(
                folders: collection.folders, requests: collection.requests, collectionID: id, trail: [],
                depth: 1, expanded: expanded, filtering: &filtering, into: &rows)
            // Filtering: a collection stays when something in it matches, or its name does.
            if !needle.isEmpty && rows.count == row + 1 && NavigatorFilter.score(query, name: collection.name) == nil {
                rows.removeLast()
            }
        }
        if needle.isEmpty { matches.removeAll() } else { matches.keep(filtering.found) }
    }

    /// A filter's query, the matches of the query it extends, and what it matched itself.
    struct Filtering {
        let query: TextQuery
        let earlier: NavigatorFilterMatches.Level?
        var found: NavigatorFilterMatches.Level

        init(query: TextQuery, earlier: NavigatorFilterMatches.Level?) {
            self.query = query
            self.earlier = earlier
            found = NavigatorFilterMatches.Level(needle: query.text)
        }
    }

    private static func appendContents(
        folders: [Folder], requests: [SavedRequest], collectionID: String, trail: [String], depth: Int,
        expanded: Set<String>, filtering: inout Filtering, into rows: inout [NavigatorRow]
    ) {
        let query = filtering.query
        let needle = query.text
        for folder in folders {
            let path = trail + [folder.name]
            let open = !needle.isEmpty || expanded.contains(([collectionID] + path).joined(separator: "/"))
            let row = rows.count
            rows.append(
                NavigatorRow(
                    kind: .folder(collectionID: collectionID, path: path), depth: depth, title: folder.name,
                    isExpanded: open, hasChildren: !folder.folders.isEmpty || !folder.requests.isEmpty))
            guard open else { continue }
            appendContents(
                folders: folder.folders, requests: folder.requests, collectionID: collectionID, trail: path,
                depth: depth + 1, expanded: expanded, filtering: &filtering, into: &rows)
            if !needle.isEmpty && rows.count == row + 1 && NavigatorFilter.score(query, name: folder.name) == nil {
                rows.removeLast()
            }
        }
        guard !needle.isEmpty else {
            // Fields read where they are stored: a request copied per row retained all its fields.
            requests.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    rows.append(row(buffer[index].id, buffer[index].name, buffer[index].method, collectionID, depth))
                }
            }
            return
        }
        // Filtering: the matching requests, best first (ties keep the file's order); scored and
        // listed from where they are stored (a request copied into each hit retained its fields).
        // Only the requests the query this one extends matched are scored, when it was this list.
        let key = NavigatorFilterMatches.key(collectionID: collectionID, trail: trail)
        let candidates = filtering.earlier?.lists[key]?.candidates(in: requests)
        requests.withUnsafeBufferPointer { buffer in
            var hits: [(score: Int, index: Int)] = []
            func score(_ index: Int) {
                let score = NavigatorFilter.score(
                    query, request: buffer[index].name, method: buffer[index].method.rawValue, url: buffer[index].url,
                    trail: trail)
                if let score { hits.append((score, index)) }
            }
            if let candidates {
                for index in candidates { score(Int(index)) }
            } else {
                for index in buffer.indices { score(index) }
            }
            filtering.found.lists[key] = NavigatorFilterMatches.Matches(
                requests: requests, positions: hits.map { Int32(truncatingIfNeeded: $0.index) })
            // Already in order when every hit scores alike (one letter typed: a million of them).
            if zip(hits, hits.dropFirst()).contains(where: { $0.score < $1.score }) {
                hits.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
            }
            // Room made for the matches at once (at least doubling: a capacity reserved exactly,
            // list after list, would copy the rows once per folder), and each row made from the
            // request's fields where they are stored (a request copied per match, and the rows
            // grown append by append, were most of a key's time on a million requests).
            if rows.capacity < rows.count + hits.count {
                rows.reserveCapacity(max(rows.count + hits.count, rows.capacity * 2))
            }
            for hit in hits {
                let index = hit.index
                rows.append(row(buffer[index].id, buffer[index].name, buffer[index].method, collectionID, depth))
            }
        }
    }

    private static func row(
        _ id: String, _ name: String, _ method: RequestMethod, _ collectionID: String, _ depth: Int
    ) -> NavigatorRow {
        NavigatorRow(
            kind: .request(RequestKey(collectionID: collectionID, requestID: id)), depth: depth, title: name,
            method: method.rawValue, isExpanded: false, hasChildren: false)
    }
}
