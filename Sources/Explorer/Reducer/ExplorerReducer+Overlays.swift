import Foundation
import TUI
import Workspace

/// Keys while a dialog is open: it takes every key.
extension ExplorerReducer {
    static func handleOverlayKey(_ key: KeyEvent, _ overlay: Overlay, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        let closes = key == KeyEvent(.escape)
        switch overlay {
        case .variables where key == .char("x"):
            // Forget the captured values of the collection's environment (kept across restarts).
            guard let id = state.currentCollectionID, state.captures[id]?.isEmpty == false else { return [] }
            state.captures[id] = nil
            let environment = state.environmentName(collectionID: id)
            notify(&state, "Forgot the captured values" + (environment.map { " of \($0)" } ?? ""), kind: .info)
            return [.clearCaptures(collectionID: id, environment: environment)]
        case .help(let scroll), .variables(let scroll), .problems(let scroll):
            if closes || key == .char("q") || key == KeyEvent(.function(1)) || key == .char("?")
                || key == KeyEvent(.enter)
                || (key == KeyEvent(.function(4)) && { if case .variables = overlay { true } else { false } }())
            {
                state.overlay = nil
                return []
            }
            let next = max(0, scroll + scrollStep(key, page: state.size.height - 8))
            switch overlay {
            case .help: state.overlay = .help(scroll: next)
            case .variables: state.overlay = .variables(scroll: next)
            default: state.overlay = .problems(scroll: next)
            }
            return []
        case .viewer(let title, let text, let scroll):
            if closes || key == .char("q") || key == KeyEvent(.enter) {
                state.overlay = nil
            } else if key == .char("y") {
                state.overlay = nil
                notify(&state, "Copied: \(title)", kind: .info)
                return [.copy(text)]
            } else {
                state.overlay = .viewer(
                    title: title, text: text, scroll: max(0, scroll + scrollStep(key, page: state.size.height - 8)))
            }
            return []
        case .palette(var palette):
            let commands = ExplorerCommands.list(for: state)
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                state.overlay = nil
                if let chosen = palette.chosen(in: commands.map(\.title)) {
                    return perform(commands[chosen].action, &state)
                }
            } else {
                _ = palette.handle(.key(key), commands: commands.map(\.title))
                state.overlay = .palette(palette)
            }
            return []
        case .environments(let selected):
            guard let id = state.currentCollectionID,
                let environments = state.document(collectionID: id)?.collection.environments, !environments.isEmpty
            else {
                state.overlay = nil
                return []
            }
            if closes || key == KeyEvent(.function(2)) {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                state.overlay = nil
                return chooseEnvironment(environments[min(selected, environments.count - 1)].name, &state)
            } else {
                let next = max(0, min(environments.count - 1, selected + scrollStep(key, page: environments.count)))
                state.overlay = .environments(selected: next)
            }
            return []
        case .quitPrompt(let selected):
            guard
                let chosen = choice(
                    key, selected, count: 3, shortcuts: ["s", "d", "c"], &state, { .quitPrompt(selected: $0) })
            else { return [] }
            switch chosen {
            case 0: return saveAll(&state)
            case 1:
                state.quitting = true
                state.drafts = [:]
                return [.storeDrafts([:]), .quit]
            default:
                state.overlay = nil
                return []
            }
        case .sendBlocked(let problems, _):
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                state.overlay = nil
                jump(toProblem: problems.first ?? "", &state)
            }
            return []
        case .recoverDrafts(let count, let selected):
            guard
                let chosen = choice(
                    key, selected, count: 2, shortcuts: ["r", "d"], &state,
                    {
                        .recoverDrafts(count: count, selected: $0)
                    })
            else { return [] }
            state.overlay = nil
            if chosen == 0 {
                state.drafts.merge(state.recoveredDrafts) { _, recovered in recovered }
                if let key = state.selection, let request = state.request(key) { state.editor.load(request, key: key) }
                let count = state.recoveredDrafts.count
                let dropped = droppedDraftsNote(&state).map { " · " + $0 } ?? ""
                let secrets =
                    state.draftsLostSecrets > 0
                    ? " · credentials typed since the last save were not kept (drafts never hold them): the saved ones are back"
                    : ""
                notify(
                    &state, "Restored \(count) unsaved draft\(count == 1 ? "" : "s")" + dropped + secrets,
                    kind: .success)
            }
            state.droppedDraftNames = []
            state.draftsLostSecrets = 0
            state.recoveredDrafts = [:]
            return draftsChanged(&state)
        case .conflict(let collectionID, let selected):
            guard
                let chosen = choice(
                    key, selected, count: 3, shortcuts: ["k", "t", "d"], &state,
                    {
                        .conflict(collectionID: collectionID, selected: $0)
                    })
            else { return [] }
            return resolveConflict(collectionID, choice: chosen, &state)
        case .replaceReadOnly(let collectionID, let path, let selected):
            guard
                let chosen = choice(
                    key, selected, count: 2, shortcuts: ["r", "c"], &state,
                    {
                        .replaceReadOnly(collectionID: collectionID, path: path, selected: $0)
                    })
            else { return [] }
            state.overlay = nil
            guard chosen == 0 else {
                notify(&state, "Not saved: \((path as NSString).lastPathComponent) is read-only", kind: .warning)
                return []
            }
            return [.replaceReadOnly(collectionID: collectionID)]
        case .mockRouteExists(let existing, let selected):
            guard
                let chosen = choice(
                    key, selected, count: 3, shortcuts: ["r", "k", "c"], &state,
                    {
                        .mockRouteExists(existing, selected: $0)
                    })
            else { return [] }
            return resolveMockRouteExists(existing, choice: chosen, &state)
        case .prompt(var prompt):
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                return commitPrompt(prompt, &state)
            } else {
                _ = prompt.field.handle(key)
                prompt.error = nil
                state.overlay = .prompt(prompt)
            }
            return []
        }
    }

    private static func scrollStep(_ key: KeyEvent, page: Int) -> Int {
        switch key.key {
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown, .character(" "): max(1, page)
        case .pageUp: -max(1, page)
        default: 0
        }
    }

    /// A dialog with buttons: ←/→/Tab move, Enter or a button's letter chooses (returned), Esc
    /// closes the dialog.
    private static func choice(
        _ key: KeyEvent, _ selected: Int, count: Int, shortcuts: [Character], _ state: inout ExplorerState,
        _ rebuild: (Int) -> Overlay
    ) -> Int? {
        switch key.key {
        case .escape:
            state.overlay = nil
        case .left, .backTab, .up:
            state.overlay = rebuild((selected + count - 1) % count)
        case .right, .tab, .down:
            state.overlay = rebuild((selected + 1) % count)
        case .enter:
            return selected
        case .character(let character):
            return shortcuts.firstIndex(of: Character(character.lowercased()))
        default:
            break
        }
        return nil
    }

    /// Moves the focus to where an unresolved variable occurs (the URL, a header, the body…).
    private static func jump(toProblem problem: String, _ state: inout ExplorerState) {
        state.focus = .request
        let location = problem.split(separator: ":").first.map(String.init) ?? ""
        if location.hasPrefix("headers") {
            state.editor.tab = .headers
            state.editor.focus = .content
        } else if location.hasPrefix("query") || location.hasPrefix("pathParams") {
            state.editor.tab = .params
            state.editor.focus = .content
        } else if location.hasPrefix("body") {
            state.editor.tab = .body
            state.editor.focus = .content
        } else if location.hasPrefix("auth") {
            state.editor.tab = .auth
            state.editor.focus = .content
        } else if location.hasPrefix("environments") {
            state.overlay = nil
            _ = openEnvironmentPicker(&state)
        } else {
            state.editor.focus = .url
        }
        if let rowIndex = location.firstIndex(of: "["), let end = location.firstIndex(of: "]"),
            let row = Int(location[location.index(after: rowIndex)..<end])
        {
            withTable(&state) { $0.table.selected = row }
        }
    }

    private static func resolveConflict(_ collectionID: String, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        let pending = state.pendingReload[collectionID]
        switch choice {
        case 0:  // keep mine
            state.overlay = nil
            if let pending {
                // Their file becomes the base; my drafts stay drafts over it.
                state.pendingReload[collectionID] = nil
                store(pending, &state)
                notify(&state, "Kept your drafts over the file's new version", kind: .info)
                return []
            }
            return saveSelectedOverwriting(collectionID, &state)
        case 1:  // take theirs
            state.overlay = nil
            for key in state.drafts.keys where key.collectionID == collectionID { state.drafts[key] = nil }
            if let pending {
                state.pendingReload[collectionID] = nil
                return fileChanged(pending, &state) + draftsChanged(&state)
            }
            guard let path = state.slot(collectionID: collectionID)?.path else { return [] }
            return [.reload(path: path)] + draftsChanged(&state)
        default:  // show the difference
            let theirs = pending?.document?.collection ?? state.document(collectionID: collectionID)?.collection
            let text = DraftDifference.describe(
                drafts: state.drafts.filter { $0.key.collectionID == collectionID }, theirs: theirs)
            state.overlay = .viewer(title: "Your drafts against the file on disk", text: text, scroll: 0)
            return []
        }
    }

    private static func saveSelectedOverwriting(_ collectionID: String, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard var document = state.document(collectionID: collectionID) else { return [] }
        for (key, draft) in state.drafts where key.collectionID == collectionID {
            putDraft(draft, key, into: &document, &state)
        }
        return [.save(document, overwrite: true)]
    }
}
