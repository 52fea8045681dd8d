package import TUI
import Workspace

/// The modal questions (a file changed on disk, drafts to recover, quitting with drafts, a mock
/// route that exists) take no keystroke meant for something else:
///
/// - one that arrives on its own waits while the user types in a field or another dialog is open,
///   and opens when that ends (`OverlayState.waitingQuestions`);
/// - keys read in the first `armDelay` after it appeared were typed before it could be seen: they
///   answer nothing;
/// - an answer is a deliberate key: `Alt+` its letter, or Enter on a choice highlighted with the
///   arrows or Tab (nothing is highlighted when it opens); no bare letter answers, since each is
///   an editing or navigation key in the pane underneath (`k`, `t`, `d`…).
package enum Questions {
    /// Long enough to see that something opened; shorter than it takes to read the question.
    package static let armDelay = Duration.milliseconds(500)

    /// `Alt+` a letter: the deliberate key of an answer.
    package static func answerLetter(_ key: KeyEvent) -> Character? {
        guard key.modifiers == .alt, case .character(let character) = key.key else { return nil }
        return Character(character.lowercased())
    }
}

extension Overlay {
    /// Which question this is, apart from its highlighted choice: a new value means a question
    /// that just appeared. Nil for the dialogs that ask nothing.
    package var questionIdentity: String? {
        switch self {
        case .quitPrompt: "quit"
        case .recoverDrafts: "recover"
        case .conflict(let collectionID, _): "conflict " + collectionID
        case .mockRouteExists(let existing, _): "route " + existing.environment + " " + existing.route
        case .replaceReadOnly(let collectionID, _, _): "read-only " + collectionID
        case .keepSecret(let offer, _): "secret \(offer.key.collectionID) \(offer.key.requestID)"
        case .clearCredentialSave(let offer, _): "clear \(offer.key.collectionID) \(offer.key.requestID)"
        case .confirmEnvironmentEdit(let deletion, _): "delete \(deletion.collectionID) \(deletion.message)"
        case .clearHistory: "clear history"
        case .acceptSnapshot(let proposal, _): "snapshot " + proposal.file
        case .trust(let question, _): question.identity
        default: nil
        }
    }
}

extension ExplorerState {
    /// Whether the open question takes answers yet (it has been on screen for `armDelay`).
    package var questionIsArmed: Bool { overlays.questionIsArmed(now: now) }
}

/// What the modal questions say: each answer with its key and what it keeps, writes or throws
/// away, before it is chosen.
package enum QuestionText {
    /// "your draft of List posts", "your 3 drafts (A, B, C)".
    static func drafts(_ names: [String]) -> String {
        let sorted = names.sorted()
        if sorted.count == 1 { return "your draft of \(sorted[0])" }
        let listed = sorted.prefix(3).joined(separator: ", ") + (sorted.count > 3 ? ", …" : "")
        return "your \(sorted.count) drafts (\(listed))"
    }

    /// The "changed on disk" question for a collection.
    package static func conflict(collectionID: String, _ state: ExplorerState) -> String {
        let slot = state.slot(collectionID: collectionID)
        let pending = state.pendingReload[collectionID]
        let file = pending?.fileName ?? slot?.fileName ?? collectionID
        let names = state.drafts.filter { $0.key.collectionID == collectionID }.map(\.value.name)
        var lines: [String] = []
        if let pending, pending.document == nil {
            let problem = pending.diagnostics.first.map { " (line \($0.line): \($0.message))" } ?? ""
            lines.append("\(file) was changed by another program and is no longer a valid collection\(problem).")
        } else {
            lines.append("\(file) was changed by another program while you have unsaved edits.")
        }
        let mine = names.isEmpty ? "" : drafts(names)
        let gone = state.drafts.keysDeleted(in: collectionID, by: pending?.document?.collection)
            .compactMap { state.drafts[$0]?.name }.sorted()
        if !gone.isEmpty {
            let one = gone.count == 1
            lines.append(
                "\(gone.joined(separator: ", ")) \(one ? "was" : "were") deleted in the file: "
                    + "Alt+K puts \(one ? "it" : "them") back with your draft, Alt+T lets \(one ? "it" : "them") go.")
        }
        lines.append(
            "Alt+K keep mine: the file's version is loaded; "
                + (names.isEmpty
                    ? "you have no drafts there."
                    : "\(mine) stay\(names.count == 1 ? "s" : "") unsaved drafts over it "
                        + (gone.isEmpty ? "(nothing is saved)." : "(only the requests put back are written).")))
        lines.append(
            "Alt+T take theirs: the file's version is loaded"
                + (names.isEmpty ? "." : "; \(mine) \(names.count == 1 ? "is" : "are") discarded, with no undo."))
        let environmentChanges =
            slot?.document.map {
                EnvironmentChanges.lines(from: $0.savedCollection, to: $0.collection).count
            } ?? 0
        if environmentChanges > 0 {
            lines.append(
                "Your \(environmentChanges) unsaved change\(environmentChanges == 1 ? "" : "s") to environments or "
                    + "variables stay over the file's version with Alt+K, and go with Alt+T.")
        } else if slot?.document?.isModified == true {
            lines.append(
                "Either way your last change to the collection itself (a move, rename, new or deleted item) "
                    + "could not be written and is dropped.")
        }
        lines.append("Alt+D difference: both sides, then back here. Esc: decide later. (Or ←/→ and Enter.)")
        return lines.joined(separator: "\n")
    }

    package static func quit(_ state: ExplorerState) -> String {
        let count = state.dirtyCount
        let changes = state.environmentChangeCount
        let drafts = count - changes
        let environments = "\(changes) change\(changes == 1 ? "" : "s") to environments or variables"
        let requests =
            changes == 0
            ? (count == 1 ? "1 request has" : "\(count) requests have") + " unsaved edits."
            : drafts == 0
                ? environments + (changes == 1 ? " is" : " are") + " unsaved."
                : (drafts == 1 ? "1 request has" : "\(drafts) requests have") + " unsaved edits, and "
                    + environments + (changes == 1 ? " is" : " are") + " unsaved."
        // A credential typed as itself would be written in clear: said before the answer.
        let inClear = state.drafts.filter {
            LiteralCredential.unsaved(in: $0.value, saved: state.savedRequest($0.key)) != nil
        }.map(\.value.name).sorted()
        let clear =
            inClear.isEmpty
            ? ""
            : " (with the credential typed as itself in \(inClear.joined(separator: ", ")), in clear: Esc, then make it a secret)"
        return "\(requests)\n"
            + "Alt+S save all: \(count == 1 ? "it is" : "they are") written into \(count == 1 ? "its" : "their") collection file\(count == 1 ? "" : "s")\(clear), then Lazer quits.\n"
            + "Alt+D discard: \(count == 1 ? "the edits are" : "all of them are") thrown away, with no undo, and Lazer quits.\n"
            + "Esc: back to work. (Or ←/→ and Enter.)"
    }

    /// - Parameter deleted: how many of them are of requests deleted since (restored as requests).
    package static func recover(count: Int, deleted: Int = 0) -> String {
        let drafts = count == 1 ? "1 unsaved draft was" : "\(count) unsaved drafts were"
        let readded =
            deleted == 0
            ? ""
            : deleted == count
                ? " (\(count == 1 ? "its request was" : "their requests were") deleted since: added back as requests)"
                : " (\(deleted) of them deleted since: added back as requests)"
        return "Lazer did not close cleanly last time. \(drafts) kept.\n"
            + "Alt+R restore: \(count == 1 ? "it comes" : "they come") back as unsaved drafts\(readded).\n"
            + "Alt+D discard: \(count == 1 ? "it is" : "they are") deleted for good.\n"
            + "(Or ←/→ and Enter.)"
    }
}
