import Foundation
import TUI
import Workspace

/// A credential typed as itself into the Auth tab becomes a secret: a collection variable marked
/// secret holding it — which the save puts in the secrets file, as it does environments' secret
/// variables, never in the collection file — and the field becomes `{{name}}` in the draft. The
/// collection is saved at once (as structural edits are), so the value is in the secrets file
/// before anything else reads the collection.
extension WorkspaceReducer {
    static func keepAsSecret(
        _ offer: SecretOffer, thenSave: Bool, prompt: PromptState? = nil, _ state: inout WorkspaceState,
        _ context: Context, _ outcome: inout Outcome
    ) {
        func fail(_ message: String) {
            if let prompt {
                reopen(prompt, saying: message, &outcome)
            } else {
                outcome.requests.append(.closeOverlay)
                outcome.notice = Notice(message, kind: .warning)
            }
        }
        let key = offer.key
        guard let index = state.collections.firstIndex(where: { $0.collectionID == key.collectionID }),
            var document = state.collections[index].document, let request = state.request(key)
        else { return fail("The request is gone") }
        guard let typed = LiteralCredential.secretField(of: request.auth.scheme), typed.field == offer.field,
            LiteralCredential.isLiteral(typed.text)
        else { return fail("Nothing to keep as a secret: \(offer.fieldLabel) is no longer typed as itself") }
        let name = offer.name
        guard VariableName.isValid(name) else {
            return fail("\"\(name)\" is not a variable name (\(VariableName.rule))")
        }
        var added = false
        switch LiteralCredential.conflict(name, value: typed.text, in: document.collection) {
        case .environment(let environment)?:
            return fail("Environment \(environment) has a variable \(name), which would be used instead: another name")
        case .collectionVariable?:
            return fail("The collection already has a variable \(name): another name")
        case .sameSecret?:
            break
        case nil:
            document.collection.variables.append(Variable(name: name, value: typed.text, secret: true))
            added = true
        }
        var edited = request
        edited.auth.scheme = LiteralCredential.replacing(offer.field, in: edited.auth.scheme, with: "{{\(name)}}")
        state.drafts[key] = edited == state.savedRequest(key) ? nil : edited
        outcome.requests.append(.closeOverlay)
        if key == context.selection { outcome.requests.append(.reloadEditor(key)) }
        let kept = "\(offer.fieldLabel.prefix(1).uppercased() + offer.fieldLabel.dropFirst()) is the secret {{\(name)}}"
        if added {
            state.collections[index].document = document
            collectionsChanged(&outcome)
            state.saveNotices[key.collectionID] = kept + ", its value in the secrets file"
        } else {
            outcome.notice = Notice(kept + " (already in the secrets file)", kind: .success)
        }
        if thenSave, offer.savingAll {
            // Save all goes on: it asks about the next typed credential, or writes every draft
            // (this one's collection with its new variable in the same save).
            saveAll(&state, &outcome)
        } else if thenSave {
            // One save: the new variable and the draft together.
            saveSelected(key, inClear: true, &state, &outcome)
        } else if added {
            outcome.effects.append(.save(document, overwrite: false))
        }
        outcome.effects.append(.storeDrafts(state.drafts))
    }
}

/// The questions about a credential typed as itself: asked, and their answers.
extension WorkspaceReducer {
    /// Asks "keep it as a secret?" for the credential just typed into `field` of `key`.
    static func offerSecret(
        _ key: RequestKey, _ field: FormRow.Field, _ state: WorkspaceState, _ outcome: inout Outcome
    ) {
        guard let document = state.document(collectionID: key.collectionID), let request = state.request(key),
            let typed = LiteralCredential.secretField(of: request.auth.scheme), typed.field == field
        else { return }
        let name = LiteralCredential.proposedName(for: field, value: typed.text, in: document.collection)
        outcome.requests.append(
            .ask(
                .keepSecret(SecretOffer(key: key, field: field, name: name), selected: -1),
                waitingNotice: "Lazer asks about the credential you typed when you finish typing"))
    }

    /// The answer to "keep it as a secret?": keep (0), another name (1), leave it (2).
    static func answerKeepSecret(
        _ offer: SecretOffer, choice: Int, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        switch choice {
        case 0:
            keepAsSecret(offer, thenSave: false, &state, context, &outcome)
        case 1:
            outcome.requests.append(
                .openOverlay(
                    .prompt(
                        PromptState(
                            purpose: .secretName(offer),
                            title: "Name of the secret (its value goes to the secrets file)", text: offer.name))))
        default:
            outcome.requests.append(.closeOverlay)
            outcome.notice = Notice(
                "Left as typed: Ctrl+S asks before writing \(offer.fieldLabel) in clear", kind: .info)
        }
    }

    /// The answer to "save it in clear?": save anyway (0), make it a secret and save (1), cancel (2).
    static func answerClearCredentialSave(
        _ offer: SecretOffer, choice: Int, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        switch choice {
        case 0:
            outcome.requests.append(.closeOverlay)
            if offer.savingAll {
                saveAll(inClear: true, &state, &outcome)
            } else {
                saveSelected(offer.key, inClear: true, &state, &outcome)
            }
        case 1:
            keepAsSecret(offer, thenSave: true, &state, context, &outcome)
        default:
            outcome.requests.append(.closeOverlay)
            outcome.notice = Notice("Not saved: \(offer.fieldLabel) is still typed as itself", kind: .warning)
        }
    }
}
