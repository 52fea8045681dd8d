package import Explorer
import Foundation
package import TUI
package import Testing
package import Workspace

/// Runs `ExplorerReducer.reduce` on a state the way the program would, without the program: for
/// pure reducer tests. Effects are returned, never run; time moves only when the test says so.
package struct ExplorerReducerDriver {
    package var state: ExplorerState

    package init(state: ExplorerState) {
        self.state = state
    }

    /// A state with the collection `files` loaded as the program loads them: each collection file
    /// read from `folder` (after writing `files` there) and reduced as `collectionLoaded`, then
    /// `loadingFinished`, nothing remembered from an earlier session. Files whose name does not end
    /// in `.json`, or that sit in a subfolder, are written but not loaded (mock answers).
    package init(
        loading files: [FixtureFile], in folder: HarnessFolder, size: Size = ExplorerHarness.standardSize,
        theme: Theme = .defaultDark, themes: ThemeCatalog = ThemeCatalog(themes: [.defaultDark, .monochrome]),
        processEnvironment: [String: String] = [:], startup: StartupRequest = StartupRequest()
    ) throws {
        try folder.write(files)
        var startup = startup
        startup.folder = startup.folder ?? folder.collections
        state = ExplorerState(
            size: size, theme: theme, themes: themes, processEnvironment: processEnvironment, startup: startup)
        let collectionFiles = files.map(\.path).filter { $0.hasSuffix(".json") && !$0.contains("/") }.sorted()
        for file in collectionFiles {
            reduce(.collectionLoaded(Self.load(folder.path(file), processEnvironment: processEnvironment)))
        }
        reduce(.loadingFinished(problem: nil))
    }

    /// One collection file as the program reads it (secrets from the process environment).
    package static func load(_ path: String, processEnvironment: [String: String] = [:]) -> CollectionSlot {
        var entry = CollectionStore.load(path: path)
        if case .loaded(var document) = entry {
            document.fillSecrets(from: SecretValues(), processEnvironment: processEnvironment)
            entry = .loaded(document)
            var slot = CollectionSlot(entry: entry)
            slot.graphqlSchema = GraphQLSchemaSlot.read(for: document.collection, path: path)
            return slot
        }
        return CollectionSlot(entry: entry)
    }

    /// Reduces one action.
    @discardableResult
    package mutating func reduce(_ action: ExplorerAction) -> [ExplorerEffect] {
        ExplorerReducer.reduce(&state, action)
    }

    /// Runs the saves among `effects` on their files as the program does (one at a time, each
    /// result reduced, then the saves that waited for it) and returns the effects of the results.
    @discardableResult
    package mutating func landSaves(_ effects: [ExplorerEffect]) -> [ExplorerEffect] {
        var pending = effects.saves
        var all: [ExplorerEffect] = []
        while !pending.isEmpty {
            var (document, overwrite) = pending.removeFirst()
            let result: Result<CollectionDocument, SaveFailure>
            do throws(SaveError) {
                try CollectionStore.save(&document, overwrite: overwrite)
                result = .success(document)
            } catch {
                var isConflict = false
                if case .conflict = error { isConflict = true }
                result = .failure(SaveFailure(message: error.description, isConflict: isConflict))
            }
            let next = reduce(.saved(collectionID: document.collection.id, result))
            all += next
            pending += next.saves
        }
        return all
    }

    /// Runs the GraphQL check the editor asked for last, as the program would once typing paused
    /// (only the job asked for last runs), and reduces its result.
    @discardableResult
    package mutating func landGraphQLCheck() -> [ExplorerEffect] {
        guard let job = state.editor.graphqlAsked else { return [] }
        return reduce(.graphqlChecked(generation: job.generation, job.run()))
    }

    /// Presses keys written as in keymap files (`"j"`, `"ctrl+s"`, `"F5"`); returns every effect.
    @discardableResult
    package mutating func press(_ keys: String..., sourceLocation: SourceLocation = #_sourceLocation)
        -> [ExplorerEffect]
    {
        var effects: [ExplorerEffect] = []
        for spec in keys {
            guard let event = KeySpec.parse(spec) else {
                Issue.record("not a key: \"\(spec)\"", sourceLocation: sourceLocation)
                continue
            }
            effects += reduce(.event(.key(event)))
        }
        return effects
    }

    @discardableResult
    package mutating func press(_ key: Key, modifiers: KeyModifiers = []) -> [ExplorerEffect] {
        reduce(.event(.key(KeyEvent(key, modifiers: modifiers))))
    }

    /// Focuses the URL field and types `text` at the end of the URL's path, before the `?` of the
    /// query rows the field shows.
    @discardableResult
    package mutating func typeAtEndOfURLPath(_ text: String) -> [ExplorerEffect] {
        press("ctrl+l")
        press(.home)
        let path = state.editor.url.text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
        for _ in 0..<(path?.count ?? 0) { press(.right) }
        return type(text)
    }

    /// Types `text` as keys.
    @discardableResult
    package mutating func type(_ text: String) -> [ExplorerEffect] {
        text.flatMap { reduce(.event(.key(KeyEvent(.character($0))))) }
    }

    /// A left click at `position`.
    @discardableResult
    package mutating func click(_ position: Position) -> [ExplorerEffect] {
        reduce(.event(.mouse(MouseEvent(kind: .press(.left), position: position))))
            + reduce(.event(.mouse(MouseEvent(kind: .release(.left), position: position))))
    }

    @discardableResult
    package mutating func click(x: Int, y: Int) -> [ExplorerEffect] { click(Position(x: x, y: y)) }

    /// Moves `state.now` forward (as the program does before each action) and reduces a tick.
    @discardableResult
    package mutating func advance(by duration: Duration) -> [ExplorerEffect] {
        state.now += duration
        return reduce(.tick)
    }

    /// Draws the state on a screen of its size and returns the text. The layout pass runs first
    /// (as the reducer runs it after every action), so a state a test changed by hand is drawn
    /// laid out; the view itself changes nothing.
    package mutating func render() -> String {
        renderBuffer().textDump()
    }

    /// Draws the state like `render()` and returns the cells (for styles).
    package mutating func renderBuffer() -> Buffer {
        let terminal = Terminal(backend: TestBackend(width: state.size.width, height: state.size.height))
        ExplorerLayout.settle(&state)
        let shown = state
        terminal.draw { frame in ExplorerView.render(shown, into: &frame) }
        return terminal.backend.buffer
    }

    /// The key of the request called `name` (the first one, in any loaded collection).
    package func key(ofRequestNamed name: String) -> RequestKey? {
        for slot in state.collections {
            guard let collection = slot.document?.collection else { continue }
            if let location = collection.allRequests.first(where: { $0.request.name == name }) {
                return RequestKey(collectionID: collection.id, requestID: location.request.id)
            }
        }
        return nil
    }
}

extension Array where Element == ExplorerEffect {
    /// The sends asked for.
    package var sendJobs: [SendJob] {
        compactMap { if case .send(let job) = $0 { job } else { nil } }
    }

    /// The cancellations asked for (request and generation).
    package var cancellations: [(key: RequestKey, generation: Int)] {
        compactMap { if case .cancel(let key, let generation) = $0 { (key, generation) } else { nil } }
    }

    /// The documents to save, with whether the save overwrites a changed file.
    package var saves: [(document: CollectionDocument, overwrite: Bool)] {
        compactMap { if case .save(let document, let overwrite) = $0 { (document, overwrite) } else { nil } }
    }

    /// Texts to copy to the clipboard.
    package var copies: [String] {
        compactMap { if case .copy(let text) = $0 { text } else { nil } }
    }

    /// The drafts handed to the autosave, newest last.
    package var storedDrafts: [[RequestKey: SavedRequest]] {
        compactMap { if case .storeDrafts(let drafts) = $0 { drafts } else { nil } }
    }

    package var quits: Bool {
        contains { if case .quit = $0 { true } else { false } }
    }

    package var historyLoads: [RequestKey] {
        compactMap { if case .loadHistory(let key) = $0 { key } else { nil } }
    }

    /// The GraphQL checks asked for.
    package var graphqlChecks: [GraphQLCheckJob] {
        compactMap { if case .checkGraphQL(let job) = $0 { job } else { nil } }
    }

    package var searches: [(generation: Int, pattern: String)] {
        compactMap { if case .search(let generation, let pattern, _, _) = $0 { (generation, pattern) } else { nil } }
    }

    package var filters: [(generation: Int, query: String)] {
        compactMap { if case .filter(let generation, let query, _, _) = $0 { (generation, query) } else { nil } }
    }

    package var creations: [(collection: RequestCollection, path: String)] {
        compactMap { if case .create(let collection, let path) = $0 { (collection, path) } else { nil } }
    }

    package var reloads: [String] {
        compactMap { if case .reload(let path) = $0 { path } else { nil } }
    }

    package var mouseChanges: [Bool] {
        compactMap { if case .setMouse(let enabled) = $0 { enabled } else { nil } }
    }

    package var externalEdits: [(key: RequestKey, text: String, fileExtension: String)] {
        compactMap {
            if case .editExternally(let key, let text, let target) = $0 {
                (key, text, target.fileExtension)
            } else {
                nil
            }
        }
    }
}
