import Foundation
import HTTPCore
import Interop
import TUI
import Workspace

/// Interop in the explorer, in the workspace slice: a curl command pasted into the URL field
/// becomes the request's draft, and the palette's "Import…" and "Export…" (curl, .http, Postman,
/// OpenAPI, HAR through `Interop`). The prompts, the viewer of what an export could not carry and
/// the editor's reload go back as `Outcome` requests; reading and writing files are effects.
extension WorkspaceReducer {
    /// A paste into the URL field that is a curl command (the root checks it is one) replaces the
    /// request's method, URL, headers, body, auth and options (its name, checks and notes stay).
    /// Pure: when the command names files for its content (`-d @file`), the program reads them
    /// (`readPastedCurl`, relative to the working directory) and the request arrives as
    /// `curlPasted`; file bodies and file parts are only referenced.
    static func pasteCurl(
        _ text: String, _ key: RequestKey, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        let folder =
            state.document(collectionID: key.collectionID).map { ($0.path as NSString).deletingLastPathComponent }
            ?? "."
        let workingDirectory = context.startup.workingDirectory ?? "."
        let source = ImportSource(name: "pasted command", bytes: Array(text.utf8), baseFolder: workingDirectory)
        let imported: (requests: [SavedRequest], report: ImportReport)
        do {
            imported = try CurlImport.requests(
                from: source, options: ImportOptions(targetFolder: folder, readsFiles: false))
        } catch {
            outcome.notice = Notice("Not a curl command Lazer can read: \(error.description)", kind: .error)
            return
        }
        let files = imported.report.unreadFiles
        if !files.isEmpty {
            outcome.notice = Notice(
                "Reading \(files.joined(separator: ", ")) for the pasted curl command…", kind: .info)
            outcome.effects.append(
                .readPastedCurl(
                    PastedCurl(key: key, text: text, workingDirectory: workingDirectory, collectionFolder: folder)))
            return
        }
        applyPastedCurl(imported.requests, imported.report, key, &state, context, &outcome)
    }

    /// The first request of a pasted curl command into the draft of `key`, and a notice of what
    /// was taken. A file the command names that could not be read is named in the notice: the
    /// request is kept, with that part of its body empty.
    static func applyPastedCurl(
        _ requests: [SavedRequest], _ report: ImportReport, _ key: RequestKey, _ state: inout WorkspaceState,
        _ context: Context, _ outcome: inout Outcome
    ) {
        guard let pasted = requests.first, var request = state.request(key) else { return }
        request.method = pasted.method
        request.query = []
        request.pathParams = []
        // Its query becomes Params rows, as when the URL is typed (the tab said none).
        URLQuerySync.apply(pasted.url, to: &request)
        request.headers = pasted.headers
        request.body = pasted.body
        request.auth = pasted.auth
        request.options = pasted.options
        // A draft equal to the saved request is dropped: nothing is left to save.
        state.drafts[key] = request == state.savedRequest(key) ? nil : request
        if key == context.selection { outcome.requests.append(.reloadEditor(key)) }
        outcome.effects.append(.storeDrafts(state.drafts))
        let headers = pasted.headers.count
        var message = "Pasted curl: \(pasted.method.rawValue), \(headers) header\(headers == 1 ? "" : "s")"
        if pasted.body != .empty { message += ", a body" }
        if requests.count > 1 { message += "; the first of \(requests.count) commands" }
        let unread = report.items.filter { $0.unreadFile != nil }
        let others = report.items.filter { $0.unreadFile == nil }
        if !unread.isEmpty {
            let names = unread.map { $0.what }.joined(separator: ", ")
            message += "; could not read \(names): that content is empty"
            outcome.notice = Notice(message, kind: .error)
            return
        }
        if let first = others.first {
            message += "; not carried: \(first.what)"
            if others.count > 1 { message += " and \(others.count - 1) more" }
        }
        outcome.notice = Notice(message, kind: report.isEmpty ? .success : .warning)
    }

    /// The palette's "Import…" and "Export…": each asks for a file name.
    static func promptInterop(
        _ command: InteropCommand, _ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        switch command {
        case .importFile:
            let prompt = PromptState(
                purpose: .importFile, title: "Import a file or http(s) URL (curl, .http, Postman, OpenAPI, HAR)")
            outcome.requests.append(.openOverlay(.prompt(prompt)))
        case .exportCollection, .exportPostman:
            guard let id = context.currentCollectionID, let document = state.document(collectionID: id) else {
                outcome.notice = Notice("Pick a collection first", kind: .info)
                return
            }
            let folder = (document.path as NSString).deletingLastPathComponent
            let stem = (fileName(for: document.collection.name) as NSString).deletingPathExtension
            let postman = command == .exportPostman
            let prompt = PromptState(
                purpose: .exportFile(collectionID: id, environmentFiles: postman),
                // Short enough for the prompt at 80 columns (a longer list was cut at ".js").
                title: postman
                    ? "Export for Postman to (each environment's file beside it)"
                    : "Export to (.sh .http .json Postman .har .py Locust .js k6)",
                // Postman's files go into a folder of their own: in the collections folder, every
                // *.json file is read as a collection.
                text: (folder as NSString).appendingPathComponent(
                    postman ? "postman/" + stem + ".postman_collection.json" : stem + ".http"))
            outcome.requests.append(.openOverlay(.prompt(prompt)))
        }
    }

    static func commitInterop(
        _ prompt: PromptState, _ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        let path = (prompt.field.text.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
        func fail(_ message: String) { reopen(prompt, saying: message, &outcome) }
        guard !path.isEmpty else { return fail("A file name is needed") }
        switch prompt.purpose {
        case .importFile:
            guard
                let folder = state.collections.first.map({ ($0.path as NSString).deletingLastPathComponent })
                    ?? context.startup.folder
            else { return fail("No collections folder") }
            outcome.requests.append(.closeOverlay)
            outcome.notice = Notice("Importing \((path as NSString).lastPathComponent)…", kind: .info)
            outcome.effects.append(.importFile(path: path, folder: folder))
        case .exportFile(let id, let environmentFiles):
            guard let document = state.document(collectionID: id) else { return fail("The collection is gone") }
            // Its first look holds only the first folders and requests.
            if let slot = state.slot(collectionID: id), slot.isPartial {
                return fail("\(slot.fileName) is still being read (a big file): export it in a moment")
            }
            guard let format = exportFormat(for: path) else {
                return fail(
                    "Name the format by the extension: .sh or .curl, .http or .rest, .postman_collection.json, .har, "
                        + ".py (Locust), .js (k6)")
            }
            if environmentFiles, format != .postman {
                return fail("A Postman collection file ends in .json (name.postman_collection.json)")
            }
            // Every *.json directly in the collections folder is read as a Lazer collection: a
            // Postman file written there came back as a broken collection at the next start.
            if WorkspaceFolder.isCollectionFileName((path as NSString).lastPathComponent),
                Self.isNewFileInCollectionsFolder(path, state)
            {
                return fail(
                    "A .json file here would be read as a collection: write it in a folder of its own (postman/…)")
            }
            // With environment files, every live environment gets one (as `lazer export
            // --environments` without --env); otherwise the selected one is resolved in.
            let environment =
                environmentFiles
                ? nil : state.environmentName(collectionID: id).flatMap(document.collection.environment(named:))
            let input = ExportInput(
                document: document, environment: environment, processEnvironment: context.processEnvironment,
                environmentFiles: environmentFiles)
            do {
                let output = try Exporter.output(input, format: format)
                let folder = (path as NSString).deletingLastPathComponent
                outcome.requests.append(.closeOverlay)
                outcome.effects.append(
                    .writeFile(
                        path: path, bytes: output.bytes,
                        // With what `lazer export` warns about (a secret without a value, written as nothing).
                        notCarried: (output.report.items + output.warnings.items).map(\.description),
                        alongside: output.files.map {
                            FileToWrite(path: (folder as NSString).appendingPathComponent($0.name), bytes: $0.bytes)
                        }))
            } catch {
                fail(error.description)
            }
        default:
            return
        }
    }

    /// Whether `path` is a new file in a folder holding one of the loaded collection files (where
    /// every `*.json` is loaded); a collection's own file is left to the write, which refuses it
    /// as a file that exists.
    private static func isNewFileInCollectionsFolder(_ path: String, _ state: WorkspaceState) -> Bool {
        func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        let file = standard(path)
        let folder = (file as NSString).deletingLastPathComponent
        return !state.collections.contains { standard($0.path) == file }
            && state.collections.contains { (standard($0.path) as NSString).deletingLastPathComponent == folder }
    }

    /// A written file in the status bar; what an export could not carry is never dropped silently:
    /// every item, in a viewer over the panes (a status line cannot hold a list at 80 columns).
    static func fileWritten(
        _ path: String, size: Int, notCarried: [String], alongside: [String] = [], _ context: Context,
        _ outcome: inout Outcome
    ) {
        var saved = "Saved \(ByteCount.format(Int64(size))) to \(path)"
        if !alongside.isEmpty {
            let names = alongside.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
            saved += " and \(alongside.count) Postman environment\(alongside.count == 1 ? "" : "s") beside it: \(names)"
        }
        guard !notCarried.isEmpty else {
            outcome.notice = Notice(saved, kind: .info)
            return
        }
        // F9 lists them whole afterwards (the viewer below is gone once closed, or not opened
        // over another dialog).
        let list = notCarried.map { "• " + $0 }.joined(separator: "\n")
        outcome.notice = Notice(
            "\(notCarried.count) not carried (F9 lists them) · " + saved, kind: .warning,
            details: "Not carried by the export (\(notCarried.count)):\n" + list)
        guard !context.overlayOpen else { return }
        outcome.requests.append(
            .openOverlay(
                .viewer(
                    title: "Not carried by the export",
                    text: "Saved to \(path). The format has no place for these \(notCarried.count):\n\n" + list,
                    scroll: 0)))
    }

    /// The export format a file name asks for.
    static func exportFormat(for path: String) -> ExportFormat? {
        let name = path.lowercased()
        if name.hasSuffix(".sh") || name.hasSuffix(".curl") || name.hasSuffix(".txt") { return .curl }
        if name.hasSuffix(".http") || name.hasSuffix(".rest") { return .http }
        if name.hasSuffix(".har") { return .har }
        if name.hasSuffix(".json") { return .postman }
        // Load scripts: one user, one pass (`lazer export --format locust|k6` sets a load model).
        if name.hasSuffix(".py") { return .locust }
        if name.hasSuffix(".js") { return .k6 }
        return nil
    }
}
