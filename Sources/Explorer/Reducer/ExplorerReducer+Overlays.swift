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
            // The Difference goes back to the conflict question it was opened from.
            if closes || key == .char("q") || key == KeyEvent(.enter) {
                state.overlay = state.overlayBelow
                state.overlayBelow = nil
            } else if key == .char("y") {
                state.overlay = state.overlayBelow
                state.overlayBelow = nil
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
            guard let chosen = answer(key, selected, letters: ["s", "d", "c"], &state, { .quitPrompt(selected: $0) })
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
                let chosen = answer(
                    key, selected, letters: ["r", "d"], &state, { .recoverDrafts(count: count, selected: $0) })
            else { return [] }
            state.overlay = nil
            let saves = chosen == 0 ? restoreRecoveredDrafts(&state) : []
            state.draftsLostSecrets = 0
            state.recoveredDrafts = [:]
            return saves + draftsChanged(&state)
        case .conflict(let collectionID, let selected):
            guard
                let chosen = answer(
                    key, selected, letters: ["k", "t", "d"], &state,
                    { .conflict(collectionID: collectionID, selected: $0) }
                )
            else { return [] }
            return resolveConflict(collectionID, choice: chosen, &state)
        case .replaceReadOnly(let collectionID, let path, let selected):
            guard
                let chosen = answer(
                    key, selected, letters: ["r", "c"], &state,
                    { .replaceReadOnly(collectionID: collectionID, path: path, selected: $0) })
            else {
                if state.overlay == nil {
                    notify(
                        &state, "Not saved: \(String(path.split(separator: "/").last ?? "")) is read-only",
                        kind: .warning)
                }
                return []
            }
            state.overlay = nil
            guard chosen == 0 else {
                notify(
                    &state, "Not saved: \(String(path.split(separator: "/").last ?? "")) is read-only", kind: .warning)
                return []
            }
            return [.replaceReadOnly(collectionID: collectionID)]
        case .mockRouteExists(let existing, let selected):
            guard
                let chosen = answer(
                    key, selected, letters: ["r", "k", "c"], &state, { .mockRouteExists(existing, selected: $0) })
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
            // The row number is of the table named (it selected a query row for a path parameter).
            state.editor.paramsOnPath = location.hasPrefix("pathParams")
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

    /// The answer to "changed on disk". Keep mine: the file's version becomes the collection and
    /// the drafts stay drafts over it (nothing is saved). Take theirs: the same, without the
    /// drafts. Difference: both sides, then back to the question.
    private static func resolveConflict(_ collectionID: String, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard let pending = state.pendingReload[collectionID] else {
            state.overlay = nil
            return []
        }
        switch choice {
        case 0:  // keep mine
            state.overlay = nil
            state.pendingReload[collectionID] = nil
            let count = state.drafts.keys.filter { $0.collectionID == collectionID }.count
            adoptFromDisk(pending, collectionID, &state)
            notify(
                &state,
                count == 0
                    ? "Loaded the new version of \(pending.fileName)"
                    : "Kept your \(count == 1 ? "draft" : "\(count) drafts") (unsaved) over the new version of \(pending.fileName)",
                kind: .info)
            return []
        case 1:  // take theirs
            state.overlay = nil
            state.pendingReload[collectionID] = nil
            for key in state.drafts.keys where key.collectionID == collectionID { state.drafts[key] = nil }
            adoptFromDisk(pending, collectionID, &state)
            notify(&state, "Took the new version of \(pending.fileName); your drafts there are discarded", kind: .info)
            return draftsChanged(&state)
        default:  // show the difference
            let text = DraftDifference.describe(
                base: state.document(collectionID: collectionID)?.savedCollection, theirs: pending.document?.collection,
                drafts: state.drafts.filter { $0.key.collectionID == collectionID })
            state.overlayBelow = .conflict(collectionID: collectionID, selected: -1)
            state.overlay = .viewer(title: "What changed on disk, and what your drafts change", text: text, scroll: 0)
            return []
        }
    }
}
