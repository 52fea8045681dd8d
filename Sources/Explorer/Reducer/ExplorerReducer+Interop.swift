import HTTPCore
import Foundation
import Interop
import TUI
import Workspace

/// Interop in the explorer: a curl command pasted into the URL field becomes the request, and
/// the palette's "Import…" and "Export…" (curl, .http, Postman, OpenAPI, HAR through `Interop`).
extension ExplorerReducer {
    /// A paste into the URL field that is a curl command replaces the request's method, URL,
    /// headers, body, auth and options (its name, checks and notes stay). Nil when `text` is not
    /// a curl command: it is pasted as text. Pure: files the command names for its content
    /// (`-d @file`) are not read here, and are reported.
    static func pasteCurl(_ text: String, _ key: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard CurlImport.looksLikeCommand(text) else { return nil }
        let folder =
            state.document(collectionID: key.collectionID).map { ($0.path as NSString).deletingLastPathComponent }
            ?? "."
        let source = ImportSource(name: "pasted command", bytes: Array(text.utf8), baseFolder: folder)
        let imported: (requests: [SavedRequest], report: ImportReport)
        do {
            imported = try CurlImport.requests(
                from: source, options: ImportOptions(targetFolder: folder, readsFiles: false))
        } catch {
            notify(&state, "Not a curl command Lazer can read: \(error.description)", kind: .error)
            return []
        }
        guard let pasted = imported.requests.first else { return [] }
        updateDraft(key, &state) { request in
            request.method = pasted.method
            request.url = pasted.url
            request.query = []
            request.pathParams = []
            request.headers = pasted.headers
            request.body = pasted.body
            request.auth = pasted.auth
            request.options = pasted.options
        }
        if let request = state.request(key) { state.editor.load(request, key: key) }
        let headers = pasted.headers.count
        var message = "Pasted curl: \(pasted.method.rawValue), \(headers) header\(headers == 1 ? "" : "s")"
        if pasted.body != .empty { message += ", a body" }
        if imported.requests.count > 1 { message += "; the first of \(imported.requests.count) commands" }
        if let first = imported.report.items.first {
            message += "; not carried: \(first.what)"
            if imported.report.items.count > 1 { message += " and \(imported.report.items.count - 1) more" }
        }
        notify(&state, message, kind: imported.report.isEmpty ? .success : .warning)
        return draftsChanged(&state)
    }

    /// The palette's "Import…" and "Export…": each asks for a file name.
    static func interopAction(_ action: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch action {
        case "interop.import":
            state.overlay = .prompt(
                PromptState(purpose: .importFile, title: "Import a file (curl, .http, Postman, OpenAPI, HAR)"))
        case "interop.export":
            guard let id = state.currentCollectionID, let document = state.document(collectionID: id) else {
                notify(&state, "Pick a collection first", kind: .info)
                return []
            }
            let folder = (document.path as NSString).deletingLastPathComponent
            let name = (fileName(for: document.collection.name) as NSString).deletingPathExtension + ".http"
            state.overlay = .prompt(
                PromptState(
                    purpose: .exportFile(collectionID: id),
                    title: "Export to (.sh/.curl: curl, .http/.rest, .postman_collection.json, .har)",
                    text: (folder as NSString).appendingPathComponent(name)))
        default:
            break
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
                let bytes = try Exporter.export(input, format: format)
                state.overlay = nil
                return [.writeFile(path: path, bytes: bytes)]
            } catch {
                return fail(error.description)
            }
        default:
            return []
        }
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
