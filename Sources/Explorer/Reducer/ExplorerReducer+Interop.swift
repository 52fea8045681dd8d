import Foundation
import HTTPCore
import Interop
import TUI
import Workspace

/// Interop in the explorer: a curl command pasted into the URL field becomes the request, and
/// the palette's "Import…" and "Export…" (curl, .http, Postman, OpenAPI, HAR through `Interop`).
extension ExplorerReducer {
    /// A paste into the URL field that is a curl command replaces the request's method, URL,
    /// headers, body, auth and options (its name, checks and notes stay). Nil when `text` is not
    /// a curl command: it is pasted as text. Pure: when the command names files for its content
    /// (`-d @file`), the program reads them (`readPastedCurl`, relative to the working directory)
    /// and the request arrives as `curlPasted`; file bodies and file parts are only referenced.
    static func pasteCurl(_ text: String, _ key: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard CurlImport.looksLikeCommand(text) else { return nil }
        let folder =
            state.document(collectionID: key.collectionID).map { ($0.path as NSString).deletingLastPathComponent }
            ?? "."
        let workingDirectory = state.startup.workingDirectory ?? "."
        let source = ImportSource(name: "pasted command", bytes: Array(text.utf8), baseFolder: workingDirectory)
        let imported: (requests: [SavedRequest], report: ImportReport)
        do {
            imported = try CurlImport.requests(
                from: source, options: ImportOptions(targetFolder: folder, readsFiles: false))
        } catch {
            notify(&state, "Not a curl command Lazer can read: \(error.description)", kind: .error)
            return []
        }
        let files = imported.report.unreadFiles
        if !files.isEmpty {
            notify(&state, "Reading \(files.joined(separator: ", ")) for the pasted curl command…", kind: .info)
            return [
                .readPastedCurl(
                    PastedCurl(key: key, text: text, workingDirectory: workingDirectory, collectionFolder: folder))
            ]
        }
        return applyPastedCurl(imported.requests, imported.report, key, &state)
    }

    /// The first request of a pasted curl command into the draft of `key`, and a notice of what
    /// was taken. A file the command names that could not be read is named in the notice: the
    /// request is kept, with that part of its body empty.
    static func applyPastedCurl(
        _ requests: [SavedRequest], _ report: ImportReport, _ key: RequestKey, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard let pasted = requests.first, state.request(key) != nil else { return [] }
        updateDraft(key, &state) { request in
            request.method = pasted.method
            request.query = []
            request.pathParams = []
            // Its query becomes Params rows, as when the URL is typed (the tab said none).
            URLQuerySync.apply(pasted.url, to: &request)
            request.headers = pasted.headers
            request.body = pasted.body
            request.auth = pasted.auth
            request.options = pasted.options
        }
        if key == state.selection, let request = state.request(key) { state.editor.load(request, key: key) }
        let headers = pasted.headers.count
        var message = "Pasted curl: \(pasted.method.rawValue), \(headers) header\(headers == 1 ? "" : "s")"
        if pasted.body != .empty { message += ", a body" }
        if requests.count > 1 { message += "; the first of \(requests.count) commands" }
        let unread = report.items.filter { $0.unreadFile != nil }
        let others = report.items.filter { $0.unreadFile == nil }
        if !unread.isEmpty {
            let names = unread.map { $0.what }.joined(separator: ", ")
            message += "; could not read \(names): that content is empty"
            notify(&state, message, kind: .error)
            return draftsChanged(&state)
        }
        if let first = others.first {
            message += "; not carried: \(first.what)"
            if others.count > 1 { message += " and \(others.count - 1) more" }
        }
        notify(&state, message, kind: report.isEmpty ? .success : .warning)
        return draftsChanged(&state)
    }

    /// The palette's "Import…" and "Export…": each asks for a file name.
    static func interopAction(_ command: InteropCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .importFile:
            state.overlay = .prompt(
                PromptState(
                    purpose: .importFile, title: "Import a file or http(s) URL (curl, .http, Postman, OpenAPI, HAR)"))
        case .exportCollection:
            guard let id = state.currentCollectionID, let document = state.document(collectionID: id) else {
                notify(&state, "Pick a collection first", kind: .info)
                return []
            }
            let folder = (document.path as NSString).deletingLastPathComponent
            let name = (fileName(for: document.collection.name) as NSString).deletingPathExtension + ".http"
            state.overlay = .prompt(
                PromptState(
                    purpose: .exportFile(collectionID: id),
                    // Short enough for the prompt at 80 columns (a longer list was cut at ".js").
                    title: "Export to (.sh .curl, .http .rest, .json Postman, .har)",
                    text: (folder as NSString).appendingPathComponent(name)))
        }
        return []
    }

    static func commitInterop(_ prompt: PromptState, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let path = (prompt.field.text.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
        func fail(_ message: String) -> [ExplorerEffect] {
            var prompt = prompt
            prompt.error = message
            state.overlay = .prompt(prompt)
            return []
        }
        guard !path.isEmpty else { return fail("A file name is needed") }
        switch prompt.purpose {
        case .importFile:
            guard
                let folder = state.collections.first.map({ ($0.path as NSString).deletingLastPathComponent })
                    ?? state.startup.folder
            else { return fail("No collections folder") }
            state.overlay = nil
            notify(&state, "Importing \((path as NSString).lastPathComponent)…", kind: .info)
            return [.importFile(path: path, folder: folder)]
        case .exportFile(let id):
            guard let document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard let format = exportFormat(for: path) else {
                return fail(
                    "Name the format by the extension: .sh or .curl, .http or .rest, .postman_collection.json, .har")
            }
            let environment = state.environment(collectionID: id)
            let input = ExportInput(
                document: document, environment: environment, processEnvironment: state.processEnvironment)
            do {
                let output = try Exporter.output(input, format: format)
                state.overlay = nil
                return [.writeFile(path: path, bytes: output.bytes, notCarried: output.report.items.map(\.description))]
            } catch {
                return fail(error.description)
            }
        default:
            return []
        }
    }

    /// A written file in the status bar; what an export could not carry is never dropped silently:
    /// every item, in a viewer over the panes (a status line cannot hold a list at 80 columns).
    static func fileWritten(_ path: String, size: Int, notCarried: [String], _ state: inout ExplorerState) {
        let saved = "Saved \(ByteCount.format(Int64(size))) to \(path)"
        guard !notCarried.isEmpty else {
            notify(&state, saved, kind: .info)
            return
        }
        notify(&state, "\(notCarried.count) not carried · " + saved, kind: .warning)
        guard state.overlay == nil else { return }
        let list = notCarried.map { "• " + $0 }.joined(separator: "\n")
        state.overlay = .viewer(
            title: "Not carried by the export",
            text: "Saved to \(path). The format has no place for these \(notCarried.count):\n\n" + list, scroll: 0)
    }

    /// The export format a file name asks for.
    static func exportFormat(for path: String) -> ExportFormat? {
        let name = path.lowercased()
        if name.hasSuffix(".sh") || name.hasSuffix(".curl") || name.hasSuffix(".txt") { return .curl }
        if name.hasSuffix(".http") || name.hasSuffix(".rest") { return .http }
        if name.hasSuffix(".har") { return .har }
        if name.hasSuffix(".json") { return .postman }
        return nil
    }
}
