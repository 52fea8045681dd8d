import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The question before a collection's auth commands first run (issue 26): it lists them, only
/// `Alt+T` trusts (a bare `t` is an editing key), and `Alt+C` or `Esc` ends the waiting send unsent.
struct TrustQuestionTests {
    static func question() -> TrustQuestion {
        var collection = RequestCollection(id: "c", name: "Cloud")
        collection.auth = SavedAuth(.command(CommandAuth(command: "gcloud auth print-access-token")))
        collection.requests = [SavedRequest(id: "r", name: "R", url: "/r")]
        let document = CollectionDocument(
            path: "/work/api/cloud.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let job = SendJob(
            key: RequestKey(collectionID: "c", requestID: "r"), generation: 3, request: collection.requests[0],
            document: document, environmentName: nil, captures: [:])
        return TrustQuestion(job: job, commands: collection.authCommands)
    }

    @Test func onlyAltTTrustsAndEscEndsTheSendUnsent() {
        var context = OverlayReducer.Context(now: .seconds(10))
        context.page = 10
        var steps = SliceStepDriver<OverlayReducer>(state: OverlayState(), context: context)
        let asked = Overlay.trust(Self.question(), selected: -1)
        steps.step(.open(asked)) { $0.overlay = asked }
        steps.step(.key(.char("t")))
        steps.step(
            .key(KeyEvent(.character("t"), modifiers: .alt)),
            outcome: OverlayReducer.Outcome(requests: [.answer(asked, choice: 0)]))
        steps.step(
            .key(KeyEvent(.escape)), outcome: OverlayReducer.Outcome(requests: [.answer(asked, choice: 1)])
        ) { $0.overlay = nil }
    }

    @Test func theQuestionNamesTheFileTheCommandsAndWhatEachAnswerDoes() {
        let question = Self.question()
        #expect(question.fileName == "cloud.json")
        let text = QuestionText.trust(question)
        #expect(text.contains("cloud.json gets its auth token by running this command"))
        #expect(text.contains("  $ gcloud auth print-access-token"))
        #expect(text.contains("Alt+T trust and send: it may run for this file from now on"))
        #expect(text.contains("Alt+C or Esc: nothing runs and the request is not sent"))
    }
}
