import Foundation
package import Workspace

/// Importing a document again into the collection it came from (its `imported.from` names the
/// same source), instead of making a second collection of the same name.
///
/// Requests are matched by id — an OpenAPI operation's `operationId`, else the importer's stable
/// id of method and path — and then by method and URL. A matched request the user has not edited
/// since the last import (its digest is the one recorded in `imported.requests`) takes the new
/// import whole; an edited one keeps the user's name, body, auth, options, checks, captures and
/// retry policy, takes the document's method, URL and description, and its parameter, query
/// and header rows follow the document's names with the user's values kept (rows the user added
/// stay after them). Requests new in the document are added in their folder; requests gone from
/// it are removed, unless the user edited them (then kept, and said so). Environments and
/// variables the collection lacks are added; the rest of the collection stays as it is.
package enum ImportUpdate {
    /// What the update did, by `Folder/Name`.
    package struct Summary: Sendable, Equatable {
        package var added: [String] = []
        package var changed: [String] = []
        package var removed: [String] = []
        /// Gone from the document, kept because the user edited them.
        package var keptEdited: [String] = []
        package var unchanged = 0

        /// `2 added, 1 changed, 1 removed, 9 unchanged`, then one line per request.
        package var lines: [String] {
            var counts = ["\(added.count) added", "\(changed.count) changed", "\(removed.count) removed"]
            if !keptEdited.isEmpty { counts.append("\(keptEdited.count) kept (edited, gone from the document)") }
            counts.append("\(unchanged) unchanged")
            return [counts.joined(separator: ", ")] + added.map { "  + " + $0 } + changed.map { "  ~ " + $0 }
                + removed.map { "  - " + $0 } + keptEdited.map { "  ! " + $0 + " (edited; no longer in the document)" }
        }
    }

    /// A digest of `request` as imported: equal digests mean the request was not edited.
    package static func digest(_ request: SavedRequest) -> String {
        StableID.make(RequestCollection(id: "", name: "", requests: [request]).stored.compact())
    }

    /// `collection` marked as imported from `from`, with a digest of every request.
    package static func recording(_ collection: RequestCollection, from: String) -> RequestCollection {
        var result = collection
        result.imported = ImportOrigin(
            from: from,
            requests: collection.allRequests.map { .init(id: $0.request.id, digest: digest($0.request)) })
        return result
    }

    /// Of `candidates`, the index of the collection `imported` (from `from`) updates: the one
    /// imported from the same source, else one of the same name that was imported at all.
    package static func target(
        for imported: RequestCollection, from: String, among candidates: [RequestCollection]
    ) -> Int? {
        candidates.firstIndex { $0.imported?.from == from }
            ?? candidates.firstIndex { $0.imported != nil && $0.name == imported.name }
    }

    /// `existing` updated to the newly imported `imported` (from `from`), and what changed.
    package static func update(
        _ existing: RequestCollection, with imported: RequestCollection, from: String
    ) -> (collection: RequestCollection, summary: Summary) {
        var result = existing
        var summary = Summary()
        let origin = existing.imported
        var unmatched = existing.allRequests
        // Digests of the import as it is now, under the ids the requests keep.
        var entries: [ImportOrigin.Entry] = []
        for location in imported.allRequests {
            var incoming = location.request
            let place = (location.folderPath + [incoming.name]).joined(separator: "/")
            let index =
                unmatched.firstIndex { $0.request.id == incoming.id }
                ?? unmatched.firstIndex { $0.request.method == incoming.method && $0.request.url == incoming.url }
            guard let index else {
                while result.request(id: incoming.id) != nil { incoming.id = StableID.make("reimported", incoming.id) }
                add(incoming, at: location.folderPath, to: &result)
                entries.append(.init(id: incoming.id, digest: digest(incoming)))
                summary.added.append(place)
                continue
            }
            let current = unmatched.remove(at: index).request
            incoming.id = current.id
            entries.append(.init(id: current.id, digest: digest(incoming)))
            let edited = origin?.digest(of: current.id) != digest(current)
            let next = edited ? merged(current, incoming) : incoming
            if next == current {
                summary.unchanged += 1
            } else {
                result.updateRequest(id: current.id) { $0 = next }
                summary.changed.append(place)
            }
        }
        for location in unmatched {
            let request = location.request
            // Only what the last import made is removed: the user's own requests are theirs.
            guard let recorded = origin?.digest(of: request.id) else { continue }
            let place = (location.folderPath + [request.name]).joined(separator: "/")
            if recorded == digest(request) {
                result.removeRequest(id: request.id)
                summary.removed.append(place)
            } else {
                entries.append(.init(id: request.id, digest: recorded))
                summary.keptEdited.append(place)
            }
        }
        let variableNames = Set(result.variables.map(\.name))
        result.variables += imported.variables.filter { !variableNames.contains($0.name) }
        // A credential the source writes as itself (kept as a secret) takes the source's value:
        // a changed password was "unchanged" and the old one stayed in the secrets file.
        for variable in imported.variables where variable.secret && !variable.value.isEmpty {
            if let index = result.variables.firstIndex(where: { $0.name == variable.name && $0.secret }) {
                result.variables[index].value = variable.value
            }
        }
        let environmentNames = Set(result.environments.map(\.name))
        result.environments += imported.environments.filter { !environmentNames.contains($0.name) }
        if result.defaultEnvironment == nil { result.defaultEnvironment = imported.defaultEnvironment }
        result.imported = ImportOrigin(from: from, requests: entries, unknownFields: origin?.unknownFields ?? [])
        return (result, summary)
    }

    /// An edited request brought up to date: the document's method, URL, description and rows,
    /// the user's values and everything else.
    static func merged(_ current: SavedRequest, _ incoming: SavedRequest) -> SavedRequest {
        var next = current
        next.method = incoming.method
        next.url = incoming.url
        next.description = incoming.description
        next.pathParams = rows(incoming.pathParams, keeping: current.pathParams)
        next.query = rows(incoming.query, keeping: current.query)
        next.headers = rows(incoming.headers, keeping: current.headers)
        if case .none = current.body.content { next.body = incoming.body }
        return next
    }

    /// The document's rows with the user's value and switch for each name they had, then the
    /// user's rows of names the document does not have.
    private static func rows(_ document: [KeyValueRow], keeping user: [KeyValueRow]) -> [KeyValueRow] {
        var result = document.map { row in
            guard let mine = user.first(where: { $0.name == row.name }) else { return row }
            var kept = row
            kept.value = mine.value
            kept.enabled = mine.enabled
            return kept
        }
        let names = Set(document.map(\.name))
        result += user.filter { !names.contains($0.name) }
        return result
    }

    /// Adds `request` in the folder at `path`, making the folders that are missing.
    private static func add(_ request: SavedRequest, at path: [String], to collection: inout RequestCollection) {
        for depth in path.indices where collection.folder(at: Array(path[...depth])) == nil {
            collection.addFolder(named: path[depth], inFolder: Array(path[..<depth]))
        }
        collection.addRequest(request, inFolder: path)
    }
}
