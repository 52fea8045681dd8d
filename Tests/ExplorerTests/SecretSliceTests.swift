import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// A credential typed as itself, in the workspace slice stepped exhaustively: `Ctrl+S` asks before
/// it writes one in clear; kept as a secret, it becomes a collection variable marked secret (the
/// save puts its value in the secrets file) and the field its `{{name}}`, numbered past a name in
/// use; a secret already holding the value is reused without a save.
struct SecretSliceTests {
    private static let users = TestCollections.key("a-users")

    /// Alpha (whose collection has the secret `token`) with a draft of List users sending `token`.
    private func steps(token: String) throws -> SliceStepDriver<WorkspaceReducer> {
        var state = try ReducerFixture().driver.state.workspace
        var draft = try #require(state.request(Self.users))
        draft.auth = SavedAuth(.bearer(token: token))
        state.drafts = [Self.users: draft]
        return SliceStepDriver(state: state, context: WorkspaceReducer.Context(selection: Self.users))
    }

    @Test func saveAsksBeforeWritingATypedTokenAndKeepingItAddsANumberedSecret() throws {
        var steps = try steps(token: "typed-1")
        let offer = SecretOffer(key: Self.users, field: .authToken, name: "token2")
        steps.step(
            .saveSelected,
            outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.clearCredentialSave(offer, selected: -1))]))
        var document = try #require(steps.state.document(collectionID: TestCollections.alphaID))
        document.collection.variables.append(Variable(name: "token2", value: "typed-1", secret: true))
        var draft = try #require(steps.state.drafts[Self.users])
        draft.auth = SavedAuth(.bearer(token: "{{token2}}"))
        steps.step(
            .keepAsSecret(offer, thenSave: false),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(document, overwrite: false), .storeDrafts([Self.users: draft])],
                requests: [.closeOverlay, .reloadEditor(Self.users), .collectionsChanged])
        ) {
            $0.collections[0].document = document
            $0.drafts[Self.users] = draft
            $0.saveNotices[TestCollections.alphaID] =
                "The bearer token is the secret {{token2}}, its value in the secrets file"
        }
        // A reference is no credential in clear: the save asks nothing.
        var saved = document
        saved.collection.updateRequest(id: "a-users") { $0 = draft }
        steps.step(.saveSelected, outcome: WorkspaceReducer.Outcome(effects: [.save(saved, overwrite: false)]))
    }

    @Test func aSecretHoldingTheValueIsReusedAndANameInUseIsRefused() throws {
        var steps = try steps(token: TestCollections.environment["LAZER_VAR_token"] ?? "")
        let offer = SecretOffer(key: Self.users, field: .authToken, name: "token")
        var draft = try #require(steps.state.drafts[Self.users])
        draft.auth = SavedAuth(.bearer(token: "{{token}}"))
        // No variable to add, no file to write; a draft equal to the saved request is dropped.
        let expectedDrafts: [RequestKey: SavedRequest] =
            draft == steps.state.savedRequest(Self.users) ? [:] : [Self.users: draft]
        steps.step(
            .keepAsSecret(offer, thenSave: false),
            outcome: WorkspaceReducer.Outcome(
                effects: [.storeDrafts(expectedDrafts)],
                notice: Notice(
                    "The bearer token is the secret {{token}} (already in the secrets file)", kind: .success),
                requests: [.closeOverlay, .reloadEditor(Self.users)])
        ) { $0.drafts = expectedDrafts }

        steps = try self.steps(token: "typed-2")
        let taken = SecretOffer(key: Self.users, field: .authToken, name: "token")
        steps.step(
            .keepAsSecret(taken, thenSave: false),
            outcome: WorkspaceReducer.Outcome(
                notice: Notice("The collection already has a variable token: another name", kind: .warning),
                requests: [.closeOverlay]))
    }

    /// The dialogs' slice: the offer waits while a field has the keyboard, answers only once armed,
    /// with Alt+Y, E, N; Esc on the save question says nothing was saved.
    @Test func theQuestionsAnswerWithTheirLettersOnceArmed() {
        var context = OverlayReducer.Context(now: .seconds(10))
        context.paneIsTyping = true
        var steps = SliceStepDriver<OverlayReducer>(state: OverlayState(), context: context)
        let offer = SecretOffer(key: Self.users, field: .authToken, name: "token")
        let keep = Overlay.keepSecret(offer, selected: -1)
        steps.step(
            .ask(keep, waitingNotice: "waiting"),
            outcome: OverlayReducer.Outcome(notice: Notice("waiting", kind: .warning))
        ) { $0.waitingQuestions = [keep] }
        steps.context.paneIsTyping = false
        steps.step(.settle(shownBefore: nil)) {
            $0.waitingQuestions = []
            $0.overlay = keep
            $0.questionShownAt = .seconds(10)
        }
        steps.step(.key(.char("y", .alt)))
        steps.context.now = .seconds(10) + Questions.armDelay
        steps.step(.key(.char("y")))
        steps.step(.key(.char("y", .alt)), outcome: OverlayReducer.Outcome(requests: [.answer(keep, choice: 0)]))
        steps.step(.key(.char("e", .alt)), outcome: OverlayReducer.Outcome(requests: [.answer(keep, choice: 1)]))
        steps.step(.key(.char("n", .alt)), outcome: OverlayReducer.Outcome(requests: [.answer(keep, choice: 2)]))
        let save = Overlay.clearCredentialSave(offer, selected: -1)
        steps.step(.open(save)) { $0.overlay = save }
        steps.step(.settle(shownBefore: keep.questionIdentity)) {
            $0.questionShownAt = .seconds(10) + Questions.armDelay
        }
        steps.context.now = .seconds(20)
        steps.step(.key(.char("m", .alt)), outcome: OverlayReducer.Outcome(requests: [.answer(save, choice: 1)]))
        steps.step(
            .key(KeyEvent(.escape)),
            outcome: OverlayReducer.Outcome(
                notice: Notice("Not saved: the bearer token is still typed as itself", kind: .warning))
        ) { $0.overlay = nil }
    }
}
