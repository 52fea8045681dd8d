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
            // An auth command the send waits for ends with it (it ran on to its timeout).
            if let entry = commandStops[key], entry.generation == generation {
                commandStops[key] = nil
                entry.stop.stop()
            }
        case .stopStream(let key, let generation):
            if let entry = responseStreams[key], entry.generation == generation { entry.stream.stop() }
        case .parseBodyPreview(let key, let generation, let upTo):
            parseBodyPreview(key, generation: generation, upTo: upTo)
        case .readStreamPage(let key, let generation, let asked):
            // An older send's spill is gone: nothing comes back, and the events are not asked again.
            let spill = streamSpills[key].flatMap { $0.generation == generation ? $0.spill : nil }
            dependencies.work.schedule { [weak self] in
                self?.deliver(.streamPage(key, generation: generation, asked, spill?.read(indexes: asked) ?? []))
            }
        case .filterStreamSpill(let key, let generation, let path, let range):
            let spill = streamSpills[key].flatMap { $0.generation == generation ? $0.spill : nil }
            dependencies.work.schedule { [weak self] in
                let filter = StreamEventFilter(path: path)
                let found = filter.map { filter in spill?.indexes(in: range) { filter.matches($0) } ?? [] } ?? []
                self?.deliver(.streamSpillFiltered(key, generation: generation, path: path, range, found))
            }
        case .searchStreamSpill(let key, let generation, let pattern, let range):
            let spill = streamSpills[key].flatMap { $0.generation == generation ? $0.spill : nil }
            dependencies.work.schedule { [weak self] in
                let matcher = StreamTextMatcher(pattern)
                let found = spill?.indexes(in: range) { matcher.matches($0) } ?? []
                self?.deliver(.streamSpillSearched(key, generation: generation, pattern: pattern, range, found))
            }
        case .sendWebSocket(let key, let generation, let message, let collectionFile):
            sendWebSocket(key, generation: generation, message, collectionFile: collectionFile)
        case .closeWebSocket(let key, let generation, let code, let reason):
            guard let link = openLink(key, generation: generation), link.close(code: code, reason: reason) else {
                dispatch(.notice("Not closed: the connection is closed already", isError: true))
                break
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
        case .writeFile(let path, let bytes, let notCarried, let alongside):
            dependencies.work.schedule { [weak self] in
                let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
                let others = alongside.map { URL(fileURLWithPath: ($0.path as NSString).expandingTildeInPath) }
                // Files written beside it are refused together, before anything is written.
                if let taken = others.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
                    self?.deliver(
                        .notice(
                            "Not saved: \(taken.path) exists (nothing was written; pick another folder)", isError: true)
                    )
                    return
                }
                do {
                    // An export with files beside it goes into a folder of its own (made if needed),
                    // out of the collections folder, whose *.json files are read as collections.
                    if !alongside.isEmpty {
                        try FileManager.default.createDirectory(
                            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    }
                    for (file, other) in zip(alongside, others) { try Self.write(file.bytes, to: other) }
                    try Self.write(bytes, to: url)
                    self?.deliver(
                        .fileWritten(
                            path: url.path, size: bytes.count, notCarried: notCarried, alongside: others.map(\.path)))
                } catch {
                    self?.deliver(.notice("Not saved: \(url.path): \(Self.writeProblem(error, url))", isError: true))
                }
            }
        case .importFile(let path, let folder): importFile(path, into: folder)
        case .readPastedCurl(let pasted): readPastedCurl(pasted)
        case .copy(let text):
            host.copyToClipboard(text) { [weak self] message in self?.dispatch(.notice(message, isError: true)) }
        case .editExternally(let key, let text, let target): editExternally(key, text, target)
        case .rememberUIState(let collectionID, let remembered):
            let store = dependencies.workspace.uiState
            dependencies.work.schedule { try? store.save(remembered, collectionID: collectionID) }
        case .storeDrafts(let drafts): storeDrafts(drafts)
        case .copyCaptures(let id, let old, let new): copyCaptures(id, from: old, to: new)
        case .run(let job): startRun(job)
        case .cancelRun(let run): if currentRun?.run == run { currentRun?.task.cancel() }
        case .startLoad(let job): startLoad(job)
        case .stopLoad(let run, let cancelInFlight): stopLoad(run, cancelInFlight: cancelInFlight)
        case .loadCookies(let jar):
            let store = dependencies.workspace.cookies
            dependencies.work.schedule { [weak self] in
                do throws(FileSystemError) {
                    let loaded = try store.load(collectionID: jar.collectionID, environment: jar.environment)
                    self?.deliver(.cookiesLoaded(jar, loaded.listed(), error: nil))
                } catch {
                    self?.deliver(.cookiesLoaded(jar, [], error: error.description))
                }
            }
        case .changeCookies(let jar, let changes):
            let store = dependencies.workspace.cookies
            dependencies.work.schedule { [weak self] in
                do throws(FileSystemError) {
                    let written = try store.apply(changes, collectionID: jar.collectionID, environment: jar.environment)
                    self?.deliver(.cookiesLoaded(jar, written.listed(), error: nil))
                } catch {
                    self?.deliver(.cookiesLoaded(jar, [], error: "not changed: \(error.description)"))
                }
            }
        case .loadHistory(let key):
            let history = dependencies.workspace.history
            dependencies.work.schedule { [weak self] in
                let entries = (try? history.entries(collectionID: key.collectionID)) ?? []
                self?.deliver(.historyLoaded(key, entries.filter { $0.requestID == key.requestID }))
            }
        case .history(let job): history(job)
        case .snapshot(let job): snapshot(job)
        case .search(let generation, let pattern, let document, let refresh):
            dependencies.queries.schedule { [weak self] in
                do throws(JSONSearchError) {
                    var search = try JSONSearch(document: document, query: JSONSearchQuery(pattern))
                    let matches = search.all().map(\.node)
                    self?.deliver(
                        .searchFinished(
                            generation: generation, pattern: pattern, matches: matches, error: nil, refresh: refresh))
                } catch {
                    self?.deliver(
                        .searchFinished(
                            generation: generation, pattern: pattern, matches: [], error: error.description,
                            refresh: refresh))
                }
            }
        case .filter(let generation, let query, let document, let refresh):
            dependencies.queries.schedule { [weak self] in
                let result = Self.filter(query, document)
                self?.deliver(.filterFinished(generation: generation, query: query, result, refresh: refresh))
            }
        case .diff(let job):
            dependencies.work.schedule { [weak self] in
                self?.deliver(.diffFinished(generation: job.generation, DiffComputation.compute(job)))
            }
        case .compareInEnvironment(let job): compareInEnvironment(job)
        case .setMouse(let enabled): host.mouseEnabled = enabled
        case .checkScriptSyntax(let job): checkScriptSyntax(job)
        case .answerTrust(let question, let trusted):
            if question.subject == .scripts {
                answerScriptTrust(question.waiting, trusted: trusted)
            } else {
                answerCommandTrust(question.waiting, trusted: trusted)
            }
        case .quit:
            // No auth command outlives the explorer.
            for entry in commandStops.values { entry.stop.stop() }
            commandStops = [:]
            flushDrafts(now: true)
            host.quit()
        case .oauthToken(let job): changeToken(job)
        case .checkGraphQL(let job): checkGraphQL(job)
        case .introspectGraphQL(let job): introspect(job)
        }
    }

    /// Why a file could not be written, in a few words (Foundation's text starts with "The
    /// operation could not be completed.", which filled an 80-column status line on its own).
    /// A new file (never over one), never writable by others whatever the umask.
    nonisolated static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url, options: .withoutOverwriting)
        if let mode = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int,
            mode & 0o002 != 0
        {
            try? FileManager.default.setAttributes([.posixPermissions: mode & ~0o002], ofItemAtPath: url.path)
        }
    }

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
}
