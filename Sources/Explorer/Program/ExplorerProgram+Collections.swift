import Foundation
import Futures
import HTTPCore
import RegularFiles
import TUI
import Workspace

/// Collection files: reading them at start, watching their folders, reloading one that changed,
/// and saving (checked against the file as Lazer last read or wrote it).
extension ExplorerProgram {

    func loadCollections(_ paths: [String]) {
        let workspace = dependencies.workspace
        let watches = dependencies.watchesFolders
        let firstLookSizes = (bytes: dependencies.firstLookBytes, limit: dependencies.firstLookLimit)
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
                    files += names.filter(WorkspaceFolder.isCollectionFileName).sorted().map {
                        (path as NSString).appendingPathComponent($0)
                    }
                } else {
                    folders.append((path as NSString).deletingLastPathComponent)
                    files.append(path)
                }
            }
            let secrets = try? workspace.secrets.load()
            let firstLook = self.map { program in
                { @Sendable (slot: CollectionSlot) in program.deliver(.collectionLoaded(slot)) }
            }
            for file in files {
                let slot = Self.load(
                    file, secrets: secrets, workspace: workspace, firstLook: firstLook, sizes: firstLookSizes)
                self?.deliver(.collectionLoaded(slot))
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

    /// Reads the file at `path` into a slot. A big file is first handed to `firstLook` by its
    /// first folders and requests (a partial slot), while the rest is read.
    nonisolated static func load(
        _ path: String, secrets: SecretValues?, workspace: WorkspaceServices,
        firstLook: (@Sendable (CollectionSlot) -> Void)? = nil,
        sizes: (bytes: Int, limit: Int) = (
            CollectionLoader.FirstLook.standardMinimumBytes, CollectionLoader.FirstLook.standardListLimit
        )
    ) -> CollectionSlot {
        let look = firstLook.map { deliver in
            CollectionLoader.FirstLook(minimumBytes: sizes.bytes, listLimit: sizes.limit) { part in
                var slot = CollectionSlot(
                    document: CollectionDocument(path: path, collection: part, fingerprint: .missing))
                slot.isPartial = true
                fill(&slot, secrets: secrets, workspace: workspace)
                deliver(slot)
            }
        }
        var slot = CollectionSlot(entry: CollectionStore.load(path: path, firstLook: look))
        guard let collection = slot.document?.collection else { return slot }
        fill(&slot, secrets: secrets, workspace: workspace)
        slot.graphqlSchema = GraphQLSchemaSlot.read(for: collection, path: path)
        // Here rather than at the first selection on the main thread (a third of a second for a
        // million requests).
        collection.prepareLookups()
        return slot
    }

    /// The secrets and the remembered UI state of a loaded slot.
    private nonisolated static func fill(
        _ slot: inout CollectionSlot, secrets: SecretValues?, workspace: WorkspaceServices
    ) {
        guard var document = slot.document else { return }
        document.fillSecrets(from: secrets ?? SecretValues(), processEnvironment: workspace.processEnvironment)
        slot.document = document
        slot.remembered = workspace.uiState.load(collectionID: document.collection.id)
    }

    func reload(_ path: String) {
        let workspace = dependencies.workspace
        dependencies.work.schedule { [weak self] in
            let secrets = try? workspace.secrets.load()
            self?.deliver(.fileChanged(Self.load(path, secrets: secrets, workspace: workspace)))
        }
    }

    /// Watches collection folders: a file changed by another program comes back as `fileChanged`.
    func watch(_ folders: [String]) {
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

    func filesChanged(_ names: [String], in folder: String) {
        for name in Set(names) {
            fileChanged((folder as NSString).appendingPathComponent(name))
        }
    }

    func fileChanged(_ path: String) {
        if savesInFlight[path] != nil {
            changedWhileSaving.insert(path)
            return
        }
        // Read on the work queue; the reducer keeps the collection as it is when the file's
        // fingerprint has not changed (our own save), so nothing is read on the main thread.
        let name = (path as NSString).lastPathComponent
        if state.collections.contains(where: { $0.path == path }) || WorkspaceFolder.isCollectionFileName(name) {
            reload(path)
        }
    }

    func save(_ document: CollectionDocument, overwrite: Bool, replacingReadOnly: Bool = false) {
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
    func saveFinished(_ path: String, _ action: ExplorerAction) {
        dispatch(action)
        let remaining = (savesInFlight[path] ?? 1) - 1
        savesInFlight[path] = remaining > 0 ? remaining : nil
        if remaining <= 0, changedWhileSaving.remove(path) != nil { fileChanged(path) }
    }
}
