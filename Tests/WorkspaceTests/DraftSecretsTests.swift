import HTTPCore
import Testing
import Workspace

/// Drafts never hold a credential in clear (issue 35): typed ones are withheld, references kept,
/// and a recovered draft takes the saved value back.
@Suite struct DraftSecretsTests {
    private func collection(_ auth: StoredJSON) -> StoredJSON {
        .object([
            StoredJSON.Member("id", .string("c")),
            StoredJSON.Member(
                "requests",
                .array([.object([StoredJSON.Member("id", .string("r")), StoredJSON.Member("auth", auth)])])),
        ])
    }

    private func auth(_ members: [(String, String)]) -> StoredJSON {
        .object(members.map { StoredJSON.Member($0.0, .string($0.1)) })
    }

    @Test func typedCredentialsAreWithheldAndReferencesKept() {
        let cases: [(StoredJSON, String)] = [
            (auth([("type", "basic"), ("username", "me"), ("password", "hunter2")]), "hunter2"),
            (auth([("type", "digest"), ("username", "me"), ("password", "{{pw}}!")]), "{{pw}}!"),
            (auth([("type", "bearer"), ("token", "eyJ.secret")]), "eyJ.secret"),
            (auth([("type", "apiKey"), ("name", "X-Key"), ("value", "k-123"), ("in", "header")]), "k-123"),
        ]
        for (auth, secret) in cases {
            let text = DraftSecrets.withhold(inCollection: collection(auth)).prettyPrinted()
            #expect(!text.contains(secret))
            #expect(text.contains(DraftSecrets.withheld))
        }
        let reference = auth([("type", "bearer"), ("token", "{{token}}")])
        #expect(DraftSecrets.withhold(inCollection: collection(reference)) == collection(reference))
        // The user name is not a secret.
        let basic = DraftSecrets.withhold(
            inCollection: collection(auth([("type", "basic"), ("username", "me"), ("password", "x")])))
        #expect(basic.prettyPrinted().contains("\"me\""))
    }

    @Test func aRecoveredDraftTakesTheSavedValueBackOrSaysItIsGone() {
        var draft = SavedRequest(id: "r", name: "R", method: .get, url: "/x")
        draft.auth = SavedAuth(.bearer(token: DraftSecrets.withheld))
        var saved = draft
        saved.auth = SavedAuth(.bearer(token: "saved-token"))
        let (restored, lost) = DraftSecrets.restore(draft, saved: saved)
        #expect(restored.auth == SavedAuth(.bearer(token: "saved-token")))
        #expect(lost)
        #expect(!DraftSecrets.restore(saved, saved: saved).lostSecret)
        let (alone, lostAlone) = DraftSecrets.restore(draft, saved: nil)
        #expect(alone.auth == SavedAuth(.bearer(token: "")))
        #expect(lostAlone)
    }
}
