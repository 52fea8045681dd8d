import Foundation
import Futures
import HTTPCore
import JSONTree
import RegularFiles
import StateStore
import TUI
import Workspace

/// Running effects: each ends by handing an action back to `dispatch`.
extension ExplorerProgram {
    func run(_ effect: ExplorerEffect) {
        switch effect {
        case .loadCollections(let paths): loadCollections(paths)
        case .reload(let path): reload(path)
        case .send(let job): send(job)
        case .cancel(let key, let generation):
            if let entry = inFlight[key], entry.generation == generation {
                inFlight[key] = nil
                entry.future.cancel()
            }
        case .save(let document, let overwrite): save(document, overwrite: overwrite)
        case .clearCaptures(let collectionID, let environment):
            let captures = dependencies.workspace.captures
            dependencies.work.schedule { [weak self] in
                do throws(StateStoreError) {
                    try captures.clear(collectionID: collectionID, environment: environment)
                } catch {
                    self?.stateWriteFailed(.captures, error.description)
                }
            }
        case .replaceReadOnly(let collectionID):
            if let (document, overwrite) = readOnlySaves.removeValue(forKey: collectionID) {
                save(document, overwrite: overwrite, replacingReadOnly: true)
            }
        case .create(let collection, let path):
            dependencies.work.schedule { [weak self] in
                do throws(SaveError) {
                    let document = try CollectionStore.create(collection, at: path)
                    self?.deliver(.saved(collectionID: collection.id, .success(document)))
                } catch {
                    let failure = SaveFailure(message: error.description, isConflict: false)
                    self?.deliver(.saved(collectionID: collection.id, .failure(failure)))
                }
            }
        case .writeFile(let path, let bytes, let notCarried):
            dependencies.work.schedule { [weak self] in
                let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
                do {
                    try Data(bytes).write(to: url, options: .withoutOverwriting)
                    // Created with 0666 less the umask: never writable by others, whatever the umask.
                    if let mode = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
                        as? Int,
                        mode & 0o002 != 0
                    {
                        try? FileManager.default.setAttributes(
                            [.posixPermissions: mode & ~0o002], ofItemAtPath: url.path)
                    }
                    self?.deliver(.fileWritten(path: url.path, size: bytes.count, notCarried: notCarried))
                } catch {
                    self?.deliver(.notice("Not saved: \(url.path): \(Self.writeProblem(error, url))", isError: true))
                }
            }
        case .importFile(let path, let folder): importFile(path, into: folder)
        case .readPastedCurl(let pasted): readPastedCurl(pasted)
        case .copy(let text):
            host.copyToClipboard(text) { [weak self] message in self?.dispatch(.notice(message, isError: true)) }
        case .editExternally(let key, let text, let fileExtension): editExternally(key, text, fileExtension)
        case .rememberUIState(let collectionID, let remembered):
            let store = dependencies.workspace.uiState
            dependencies.work.schedule { try? store.save(remembered, collectionID: collectionID) }
        case .storeDrafts(let drafts): storeDrafts(drafts)
        case .run(let job): startRun(job)
        case .cancelRun(let run): if currentRun?.run == run { currentRun?.task.cancel() }
        case .loadHistory(let key):
            let history = dependencies.workspace.history
            dependencies.work.schedule { [weak self] in
                let entries = (try? history.entries(collectionID: key.collectionID)) ?? []
                self?.deliver(.historyLoaded(key, entries.filter { $0.requestID == key.requestID }))
            }
        case .search(let generation, let pattern, let document):
            dependencies.work.schedule { [weak self] in
                do throws(JSONSearchError) {
                    var search = try JSONSearch(document: document, query: JSONSearchQuery(pattern))
                    let matches = search.all().map(\.node)
                    self?.deliver(
                        .searchFinished(generation: generation, pattern: pattern, matches: matches, error: nil))
                } catch {
                    self?.deliver(
                        .searchFinished(generation: generation, pattern: pattern, matches: [], error: error.description)
                    )
                }
            }
        case .filter(let generation, let query, let document):
            dependencies.work.schedule { [weak self] in
                self?.deliver(.filterFinished(generation: generation, query: query, Self.filter(query, document)))
            }
        case .setMouse(let enabled): host.mouseEnabled = enabled
        case .quit:
            flushDrafts(now: true)
            host.quit()
        }
    }

    /// Why a file could not be written, in a few words (Foundation's text starts with "The
    /// operation could not be completed.", which filled an 80-column status line on its own).
    nonisolated static func writeProblem(_ error: any Error, _ url: URL) -> String {
        switch (error as? CocoaError)?.code {
        case .fileNoSuchFile?: "no such folder \(url.deletingLastPathComponent().path)"
        case .fileWriteFileExists?: "a file of that name exists (pick another name)"
        case .fileWriteNoPermission?: "permission denied"
        case .fileWriteOutOfSpace?: "the disk is full"
        default:
            error.localizedDescription.replacingOccurrences(of: "The operation could not be completed. ", with: "")
        }
    }

    // MARK: - Collections

    private func loadCollections(_ paths: [String]) {
        let workspace = dependencies.workspace
        let watches = dependencies.watchesFolders
        dependencies.work.schedule { [weak self] in
            var files: [String] = []
            var problem: String?
            var folders: [String] = []
            for path in paths {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    problem = "\(path): \(RegularFile.notFoundReason(path, "no such file or folder"))"
                    continue
                }
                if isFolder.boolValue {
                    folders.append(path)
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                    files += names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
                        (path as NSString).appendingPathComponent($0)
                    }
                } else {
                    folders.append((path as NSString).deletingLastPathComponent)
                    files.append(path)
                }
            }
            let secrets = try? workspace.secrets.load()
            for file in files {
                self?.deliver(.collectionLoaded(Self.load(file, secrets: secrets, workspace: workspace)))
            }
            self?.deliver(.loadingFinished(problem: problem))
            if watches {
                // Kept as given ("" for a file in the current folder), so that a changed file's
                // path is spelled like its collection's path.
                let unique = Array(Set(folders))
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated { self?.watch(unique) }
                }
            }
        }
    }

    nonisolated static func load(_ path: String, secrets: SecretValues?, workspace: WorkspaceServices) -> CollectionSlot
    {
        var entry = CollectionStore.load(path: path)
        if case .loaded(var document) = entry {
            document.fillSecrets(from: secrets ?? SecretValues(), processEnvironment: workspace.processEnvironment)
            entry = .loaded(document)
            var slot = CollectionSlot(entry: entry)
            slot.remembered = workspace.uiState.load(collectionID: document.collection.id)
            return slot
        }
        return CollectionSlot(entry: entry)
    }

    private func reload(_ path: String) {
        let workspace = dependencies.workspace
        dependencies.work.schedule { [weak self] in
            let secrets = try? workspace.secrets.load()
            self?.deliver(.fileChanged(Self.load(path, secrets: secrets, workspace: workspace)))
        }
    }

    /// Watches collection folders: a file changed by another program comes back as `fileChanged`.
    private func watch(_ folders: [String]) {
        for folder in folders where watchers[folder] == nil {
            let watched = folder.isEmpty ? "." : folder
            let watcher = try? FolderWatcher(folder: watched, queue: .global(qos: .utility)) { [weak self] names in
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated { self?.filesChanged(names, in: folder) }
                }
            }
            watchers[folder] = watcher
        }
    }

    private func filesChanged(_ names: [String], in folder: String) {
        for name in Set(names) {
            fileChanged((folder as NSString).appendingPathComponent(name))
        }
    }

    private func fileChanged(_ path: String) {
        if savesInFlight[path] != nil {
            changedWhileSaving.insert(path)
            return
        }
        // Read on the work queue; the reducer keeps the collection as it is when the file's
        // fingerprint has not changed (our own save), so nothing is read on the main thread.
        let name = (path as NSString).lastPathComponent
        if state.collections.contains(where: { $0.path == path }) || (name.hasSuffix(".json") && !name.hasPrefix(".")) {
            reload(path)
        }
    }

    private func save(_ document: CollectionDocument, overwrite: Bool, replacingReadOnly: Bool = false) {
        let workspace = dependencies.workspace
        let path = document.path
        savesInFlight[path, default: 0] += 1
        dependencies.work.schedule { [weak self] in
            var document = document
            let result: Result<CollectionDocument, SaveFailure>
            do throws(SaveError) {
                try workspace.save(&document, overwrite: overwrite, replacingReadOnly: replacingReadOnly)
                result = .success(document)
            } catch {
                if case .conflict = error {
                    result = .failure(SaveFailure(message: error.description, isConflict: true))
                } else if case .readOnly(let path) = error {
                    // Kept for the answer: replacing saves this very document.
                    let unsaved = document
                    self?.dependencies.main.schedule { [weak self] in
                        MainActor.assumeIsolated {
                            self?.readOnlySaves[unsaved.collection.id] = (unsaved, overwrite)
                        }
                    }
                    result = .failure(SaveFailure(message: error.description, isConflict: false, readOnlyPath: path))
                } else {
                    result = .failure(
                        SaveFailure(
                            message: ErrorTranslator.standard.translate(error).title + ": " + error.description,
                            isConflict: false))
                }
            }
            let action = ExplorerAction.saved(collectionID: document.collection.id, result)
            self?.dependencies.main.schedule { [weak self] in
                MainActor.assumeIsolated { self?.saveFinished(path, action) }
            }
        }
    }

    /// The save's result first, then the watcher's events that arrived meanwhile: the file now
    /// matches the saved document unless another program changed it too.
    private func saveFinished(_ path: String, _ action: ExplorerAction) {
        dispatch(action)
        let remaining = (savesInFlight[path] ?? 1) - 1
        savesInFlight[path] = remaining > 0 ? remaining : nil
        if remaining <= 0, changedWhileSaving.remove(path) != nil { fileChanged(path) }
    }

    // MARK: - Drafts

    /// Claims the drafts other instances left (ended without saving or discarding) and offers them.
    func loadDrafts() {
        let database = dependencies.workspace.state
        let instance = dependencies.draftInstance
        dependencies.work.schedule { [weak self] in
            do throws(StateStoreError) {
                let (drafts, offer) = try DraftStore.claim(from: database, for: instance)
                guard !offer.drafts.isEmpty else { return }
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated { self?.draftsClaimed(drafts, offer) }
                }
            } catch {
                self?.stateWriteFailed(.drafts, error.description)
            }
        }
    }

    /// Offers claimed drafts; what the reducer offers (`recoveredDrafts`) is what an answer
    /// settles. Drafts it does not offer (equal to the saved request) are settled at once.
    private func draftsClaimed(_ drafts: [RequestKey: SavedRequest], _ offer: DraftOffer) {
        dispatch(.draftsFound(drafts))
        // Drafts of requests deleted since are offered too (restoring adds them back): every
        // claimed draft is settled now or with the answer.
        if state.recoveredDrafts.isEmpty {
            let database = dependencies.workspace.state
            dependencies.work.schedule { try? database.forget(offer) }
        } else {
            draftOffer = offer
        }
    }

    private func storeDrafts(_ drafts: [RequestKey: SavedRequest]) {
        pendingDrafts = drafts
        guard !draftsWriteScheduled else { return }
        draftsWriteScheduled = true
        clock.schedule(after: Self.draftsDelay) { [weak self] in self?.flushDrafts() }
    }

    /// Writes pending drafts: on the work queue after the debounce, at once when quitting. An
    /// answered recovery question settles its offer in the same write.
    func flushDrafts(now: Bool = false) {
        draftsWriteScheduled = false
        guard let drafts = pendingDrafts else { return }
        pendingDrafts = nil
        let settling = state.isAskingToRecoverDrafts ? nil : draftOffer
        if settling != nil { draftOffer = nil }
        let database = dependencies.workspace.state
        let instance = dependencies.draftInstance
        let write: @Sendable () -> Void = { [weak self] in
            do throws(StateStoreError) {
                try DraftStore.write(drafts, to: database, instance: instance, settling: settling)
                self?.stateWriteSucceeded(.drafts)
            } catch {
                self?.stateWriteFailed(.drafts, error.description)
            }
        }
        if now { write() } else { dependencies.work.schedule(write) }
    }

    // MARK: - State write failures

    /// A failed state write: a notice the first time (until writes of that kind work again).
    nonisolated func stateWriteFailed(_ kind: StateWriteHealth.Kind, _ error: String) {
        guard writeHealth.failed(kind) else { return }
        deliver(.notice(StateWriteHealth.message(kind, error), isError: true))
    }

    nonisolated func stateWriteSucceeded(_ kind: StateWriteHealth.Kind) {
        _ = writeHealth.succeeded(kind)
    }

    // MARK: - Captured values

    /// Keeps captured values for the collection's selected environment (secret ones in the
    /// secrets file) so that they survive a restart.
    /// After each action: a collection whose environment changed (or that just loaded) gets
    /// that environment's kept values in place of the ones in use.
    func loadCapturesIfEnvironmentChanged() {
        for slot in state.collections {
            guard let id = slot.collectionID, slot.document != nil else { continue }
            let environment = state.environmentName(collectionID: id)
            if let known = capturesEnvironment[id], known == environment { continue }
            capturesEnvironment[id] = environment
            let captures = dependencies.workspace.captures
            dependencies.work.schedule { [weak self] in
                let values = (try? captures.load(collectionID: id, environment: environment)) ?? [:]
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated {
                        // Still that environment: a quick second switch loads its own.
                        guard let self, self.capturesEnvironment[id] == environment else { return }
                        self.dispatch(.capturesLoaded(collectionID: id, values))
                    }
                }
            }
        }
    }

    nonisolated func storeCaptures(
        _ collectionID: String, environment: String?, _ values: [String: VariableScope.Value]
    ) {
        let captures = dependencies.workspace.captures
        dependencies.work.schedule { [weak self] in
            do throws(StateStoreError) {
                try captures.store(values, collectionID: collectionID, environment: environment)
                self?.stateWriteSucceeded(.captures)
            } catch {
                self?.stateWriteFailed(.captures, error.description)
            }
        }
    }

    // MARK: - $EDITOR

    private func editExternally(_ key: RequestKey, _ text: String, _ fileExtension: String) {
        let path = (dependencies.temporaryFolder as NSString).appendingPathComponent(
            "lazer-edit-\(ProcessInfo.processInfo.processIdentifier).\(fileExtension)")
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            dispatch(
                .externalEditFinished(
                    key, text: nil, message: "Could not write a temporary file in \(dependencies.temporaryFolder)"))
            return
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = host.edit(path: path)
        terminal.invalidate()
        guard status == 0, let data = FileManager.default.contents(atPath: path) else {
            // 127 is the shell's "command not found": say which editor was missing.
            let message =
                status == 127
                ? "The editor was not found (set $VISUAL or $EDITOR); the body is unchanged"
                : "The editor exited with status \(status); the body is unchanged"
            dispatch(.externalEditFinished(key, text: nil, message: message))
            return
        }
        let edited = String(decoding: data, as: UTF8.self)
        dispatch(
            .externalEditFinished(
                key, text: edited == text ? nil : edited, message: edited == text ? "Body unchanged" : nil))
    }

    // MARK: - JSONPath filter

    nonisolated static func filter(_ query: String, _ document: JSONDocument) -> Result<JSONFilterResult, FilterFailure>
    {
        let path: JSONPath
        do {
            path = try JSONPath(query)
        } catch {
            return .failure(FilterFailure(message: error.description))
        }
        let nodes = path.select(in: document)
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, node) in nodes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += document.bytes[document.byteRange(node)]
        }
        bytes.append(UInt8(ascii: "]"))
        do {
            return .success(
                JSONFilterResult(
                    document: try JSONDocument(bytes: bytes), count: nodes.count, paths: nodes.map(document.jsonPath)))
        } catch {
            return .failure(FilterFailure(message: error.message))
        }
    }
}

extension ExplorerAction {
    /// Whether the action can change a collection's environment (or load one): only then are
    /// kept captured values looked at.
    var mayChangeEnvironment: Bool {
        switch self {
        case .event, .collectionLoaded, .fileChanged, .loadingFinished, .saved: true
        default: false
        }
    }
}

extension ExplorerState {
    /// The recovery question is up: its offer is not settled yet.
    var isAskingToRecoverDrafts: Bool {
        if case .recoverDrafts? = overlay { return true }
        return false
    }
}
