import TUI
import Workspace

/// A credential typed as itself into the Auth tab: the root names the secret it could become and
/// asks (the dialogs slice's question); the answers go to the workspace slice, which adds the
/// secret variable and saves. Ctrl+S asks too before it writes one in clear.
extension ExplorerReducer {
    /// Asks "keep it as a secret?" for the credential just typed into `field` of `key`.
    static func offerSecret(_ key: RequestKey, _ field: FormRow.Field, _ state: inout ExplorerState) {
        guard let document = state.document(collectionID: key.collectionID), let request = state.request(key),
            let typed = LiteralCredential.secretField(of: request.auth.scheme), typed.field == field
        else { return }
        let name = LiteralCredential.proposedName(for: field, value: typed.text, in: document.collection)
        ask(
            .keepSecret(SecretOffer(key: key, field: field, name: name), selected: -1), &state,
            waitingNotice: "Lazer asks about the credential you typed when you finish typing")
    }

    /// The answer to "keep it as a secret?": keep (0), another name (1), leave it (2).
    static func answeredKeepSecret(_ offer: SecretOffer, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        switch choice {
        case 0:
            return reduceWorkspace(.keepAsSecret(offer, thenSave: false), &state)
        case 1:
            state.overlay = .prompt(
                PromptState(
                    purpose: .secretName(offer), title: "Name of the secret (its value goes to the secrets file)",
                    text: offer.name))
            return []
        default:
            state.overlay = nil
            notify(
                &state, "Left as typed: Ctrl+S asks before writing \(offer.fieldLabel) in clear", kind: .info)
            return []
        }
    }

    /// The answer to "save it in clear?": save anyway (0), make it a secret and save (1), cancel (2).
    static func answeredClearCredentialSave(_ offer: SecretOffer, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        switch choice {
        case 0:
            state.overlay = nil
            return reduceWorkspace(.saveInClear(offer.key), &state)
        case 1:
            return reduceWorkspace(.keepAsSecret(offer, thenSave: true), &state)
        default:
            state.overlay = nil
            notify(&state, "Not saved: \(offer.fieldLabel) is still typed as itself", kind: .warning)
            return []
        }
    }
}
