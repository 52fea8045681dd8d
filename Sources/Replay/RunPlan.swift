import JSONTree
package import Workspace

/// The requests a run sends, in collection order: each collection's folders depth first, then its
/// top-level requests (the order the explorer lists them), filtered by `--folder` and `--request`.
package struct RunPlan: Sendable, Equatable {
    /// One request to send, with the collection it belongs to. Its fields live in one immutable
    /// box: an item is passed along several times per request, and copying a `SavedRequest` and a
    /// document field by field cost 8 % of an in-process run (a retain and a release each).
    package struct Item: Sendable, Equatable {
        private final class Fields: Sendable {
            let document: CollectionDocument
            let folderPath: [String]
            let request: SavedRequest
            let preRequestScripts: [ScriptSource]
            let testScripts: [ScriptSource]
            let queries: [JSONPath?]
            let readsJSON: Bool
            let checksContracts: Bool

            init(document: CollectionDocument, folderPath: [String], request: SavedRequest, parsed: JSONPathTable?) {
                self.document = document
                self.folderPath = folderPath
                self.request = request
                queries = Item.queries(of: request, parsed: parsed)
                checksContracts = ResponseContracts.applies(to: request, in: document.collection)
                // A contract reads the body as JSON too: parsed once, for both.
                readsJSON = Item.readsJSON(request) || checksContracts
                (preRequestScripts, testScripts) = Item.scripts(
                    of: request, document: document, folderPath: folderPath)
            }
        }

        private var fields: Fields

        package var document: CollectionDocument { fields.document }
        /// Its collection's id and file, read in place (`document` copies the whole document, and
        /// a run asks for these per request).
        package var collectionID: String { fields.document.collection.id }
        package var collectionName: String { fields.document.collection.name }
        package var documentPath: String { fields.document.path }
        /// The auth the request is sent with (its own or inherited), read in place.
        package var authInForce: RequestCollection.AuthInForce {
            fields.document.collection.authInForce(for: fields.request)
        }
        package var folderPath: [String] { fields.folderPath }
        /// Setting it works out again what follows from it (queries, scripts, contracts).
        package var request: SavedRequest {
            get { fields.request }
            set {
                fields = Fields(
                    document: fields.document, folderPath: fields.folderPath, request: newValue, parsed: nil)
            }
        }
        /// The scripts that run before and after the request (collection, folders, its own), found once.
        package var preRequestScripts: [ScriptSource] { fields.preRequestScripts }
        package var testScripts: [ScriptSource] { fields.testScripts }
        /// Whether the request runs a script (pre-request or test, its own or inherited).
        package var hasScripts: Bool { !preRequestScripts.isEmpty || !testScripts.isEmpty }
        /// The JSONPath of each expectation, parsed once (nil for other subjects and bad paths,
        /// which the check then reports).
        var queries: [JSONPath?] { fields.queries }
        /// Whether an expectation or a capture reads the body through a JSONPath: only then is the
        /// response parsed (a status or body check on a large response needs no tape).
        var readsJSON: Bool { fields.readsJSON }
        /// Whether the response is checked against the collection's contract or a `schema`
        /// expectation (`ResponseContracts`).
        var checksContracts: Bool { fields.checksContracts }

        /// Items are equal when they run the same request of the same document (the parsed
        /// queries follow from the request).
        package static func == (a: Item, b: Item) -> Bool {
            a.fields === b.fields
                || (a.document == b.document && a.folderPath == b.folderPath && a.request == b.request)
        }

        package init(document: CollectionDocument, folderPath: [String], request: SavedRequest) {
            fields = Fields(document: document, folderPath: folderPath, request: request, parsed: nil)
        }

        /// An item whose JSONPaths come from `parsed` when another item of the plan had them.
        init(document: CollectionDocument, folderPath: [String], request: SavedRequest, parsed: JSONPathTable) {
            fields = Fields(document: document, folderPath: folderPath, request: request, parsed: parsed)
        }

        private static func scripts(
            of request: SavedRequest, document: CollectionDocument, folderPath: [String]
        ) -> ([ScriptSource], [ScriptSource]) {
            let collection = document.collection
            guard collection.scripts != nil || request.scripts != nil || !folderPath.isEmpty else { return ([], []) }
            return (
                collection.scripts(for: request, folderPath: folderPath, stage: .preRequest),
                collection.scripts(for: request, folderPath: folderPath, stage: .test)
            )
        }

        private static func readsJSON(_ request: SavedRequest) -> Bool {
            request.expectations.contains {
                switch $0.subject {
                case .jsonPath, .snapshot: true
                default: false
                }
            }
                || request.captures.contains { if case .jsonPath = $0.source { true } else { false } }
        }

        private static func queries(of request: SavedRequest, parsed: JSONPathTable?) -> [JSONPath?] {
            request.expectations.map { expectation in
                guard case .jsonPath(let path) = expectation.subject else { return nil }
                if let parsed { return parsed.query(path) }
                return try? JSONPath(path)
            }
        }
    }

    package var items: [Item]

    /// Whether any request runs a script (else a run need not start the script engine).
    package var hasScripts: Bool {
        items.contains(where: \.hasScripts)
    }

    /// Whether a collection file's text may hold scripts (it has a `"scripts":` key), read before
    /// it is parsed: the engine can start while the file is parsed. A hint only: a file that says
    /// it in a string loads the engine for nothing, one that escapes the key loads it later.
    package static func mayHaveScripts(_ bytes: [UInt8]) -> Bool {
        let key = Array(#""scripts""#.utf8)
        var rest = bytes[...]
        while let found = rest.firstRange(of: key) {
            rest = rest[found.upperBound...]
            // A key: only JSON whitespace between it and its colon.
            if rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: ":") { return true }
        }
        return false
    }

    package init(items: [Item]) {
        self.items = items
    }

    /// Selects from `documents`: the requests under `folder` (a `Folder/Sub` path, nil: all), and
    /// among them those named by `requests` (an id, a name or a `Folder/Name` path; empty: all).
    /// Checks that `environment` exists in every collection. Throws a usage error naming what
    /// matched nothing.
    package static func select(
        from documents: [CollectionDocument], environment: String?, folder: String?, requests: [String]
    ) throws(RunUsageError) -> RunPlan {
        if let environment {
            for document in documents where document.collection.environment(named: environment) == nil {
                let names = document.collection.environments.map(\.name)
                throw RunUsageError(
                    "\(document.path): no environment named \"\(environment)\" in \(document.collection.name)"
                        + (names.isEmpty ? " (it has none)" : " (it has: \(names.joined(separator: ", ")))"))
            }
        }
        let folderPath = folder.map { $0.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }
        var items: [Item] = []
        var folderFound = folderPath == nil || folderPath == []
        let parsed = JSONPathTable()
        for document in documents {
            items.reserveCapacity(items.count + document.collection.requestCount)
            document.collection.forEachRequest { requestFolder, request in
                if let folderPath, !folderPath.isEmpty {
                    guard requestFolder.starts(with: folderPath) else { return }
                    folderFound = true
                }
                items.append(Item(document: document, folderPath: requestFolder, request: request, parsed: parsed))
            }
        }
        if let folder, !folderFound {
            throw RunUsageError("--folder \(folder): no such folder in \(describe(documents))")
        }
        guard !requests.isEmpty else { return RunPlan(items: items) }
        var matched = Set<Int>()
        for selector in requests {
            let hits = items.indices.filter { matches(items[$0], selector) }
            if hits.isEmpty {
                throw RunUsageError(
                    "--request \(selector): no request with this id, name or Folder/Name path"
                        + (folder.map { " under \($0)" } ?? "") + " in \(describe(documents))")
            }
            matched.formUnion(hits)
        }
        return RunPlan(items: items.indices.filter(matched.contains).map { items[$0] })
    }

    private static func matches(_ item: Item, _ selector: String) -> Bool {
        item.request.id == selector || item.request.name == selector
            || (item.folderPath + [item.request.name]).joined(separator: "/") == selector
    }

    private static func describe(_ documents: [CollectionDocument]) -> String {
        documents.map(\.path).joined(separator: ", ")
    }
}

/// A mistake in what `lazer run` was asked to do (exit status 2), said in one line.
package struct RunUsageError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
