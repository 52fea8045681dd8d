import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The dialogs' slice on its own, step by step and exhaustively: scrolling and closing, the
/// viewer going back to the question it was opened from, the palette and the environment picker
/// handing their choice to the root, prompts, and the questions: waiting while the keyboard is
/// taken, armed only after a moment, answered by Alt+ a letter or Enter on a highlighted choice.
struct OverlaySliceTests {
    private func steps(now: Duration = .seconds(10)) -> SliceStepDriver<OverlayReducer> {
        var context = OverlayReducer.Context(now: now)
        context.page = 10
        return SliceStepDriver(state: OverlayState(), context: context)
    }

    @Test func helpScrollsAPageAndClosesWithItsOwnKeys() {
        var steps = steps()
        steps.step(.open(.help(scroll: 0))) { $0.overlay = .help(scroll: 0) }
        steps.step(.key(.char("j"))) { $0.overlay = .help(scroll: 1) }
        steps.step(.key(KeyEvent(.pageDown))) { $0.overlay = .help(scroll: 11) }
        steps.step(.key(KeyEvent(.pageUp))) { $0.overlay = .help(scroll: 1) }
        steps.step(.key(.char("k"))) { $0.overlay = .help(scroll: 0) }
        steps.step(.key(.char("k")))
        steps.step(.key(.char("x")))
        steps.step(.key(.char("?"))) { $0.overlay = nil }
        // F4 closes the variables it opened, not the help.
        steps.step(.open(.help(scroll: 0))) { $0.overlay = .help(scroll: 0) }
        steps.step(.key(KeyEvent(.function(4))))
        steps.step(.open(.variables(scroll: 0))) { $0.overlay = .variables(scroll: 0) }
        steps.step(.key(KeyEvent(.function(4)))) { $0.overlay = nil }
    }

    @Test func theViewerGoesBackToTheQuestionItWasOpenedFromAndYCopies() {
        var steps = steps()
        let question = Overlay.conflict(collectionID: "c", selected: -1)
        steps.step(.open(question)) { $0.overlay = question }
        steps.step(.view(title: "Difference", text: "a\nb", over: question)) {
            $0.overlay = .viewer(title: "Difference", text: "a\nb", scroll: 0)
            $0.overlayBelow = question
        }
        steps.step(.key(.char(" "))) { $0.overlay = .viewer(title: "Difference", text: "a\nb", scroll: 10) }
        steps.step(
            .key(.char("y")),
            outcome: OverlayReducer.Outcome(effects: [.copy("a\nb")], notice: Notice("Copied: Difference", kind: .info))
        ) {
            $0.overlay = question
            $0.overlayBelow = nil
        }
        // A viewer over nothing closes to nothing.
        steps.step(.open(.viewer(title: "$['text']", text: "long", scroll: 0))) {
            $0.overlay = .viewer(title: "$['text']", text: "long", scroll: 0)
        }
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
    }

    @Test func thePaletteFiltersAsTypedAndHandsTheChosenEntryToTheRoot() throws {
        var steps = steps()
        let commands = ExplorerCommands.list(
            for: ExplorerState(size: ExplorerHarness.standardSize, theme: .defaultDark))
        steps.context.palette = commands
        let titles = commands.map(\.title)
        steps.step(.open(.palette(CommandPaletteState()))) { $0.overlay = .palette(CommandPaletteState()) }
        var palette = CommandPaletteState()
        for key in "zoom" {
            _ = palette.handle(.key(.char(key)), commands: titles)
            steps.step(.key(.char(key))) { [palette] in $0.overlay = .palette(palette) }
        }
        let chosen = try #require(palette.chosen(in: titles))
        #expect(commands[chosen].action == .command(.app(.zoom)))
        steps.step(
            .key(KeyEvent(.enter)), outcome: OverlayReducer.Outcome(requests: [.perform(.command(.app(.zoom)))])
        ) { $0.overlay = nil }
        // Esc runs nothing.
        steps.step(.open(.palette(CommandPaletteState()))) { $0.overlay = .palette(CommandPaletteState()) }
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
    }

    @Test func theEnvironmentPickerMovesWithinItsListAndHandsTheChoiceToTheRoot() {
        var steps = steps()
        steps.context.collectionID = "c"
        steps.context.collection = RequestCollection(
            id: "c", name: "C",
            environments: ["dev", "prod", "staging"].map { Environment(name: $0, baseURL: "http://\($0)") })
        steps.step(.open(.environments(selected: 0))) { $0.overlay = .environments(selected: 0) }
        steps.step(.key(.char("j"))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(KeyEvent(.pageDown))) { $0.overlay = .environments(selected: 2) }
        steps.step(.key(KeyEvent(.down)))
        steps.step(.key(KeyEvent(.enter)), outcome: OverlayReducer.Outcome(requests: [.chooseEnvironment("staging")])) {
            $0.overlay = nil
        }
        steps.step(.open(.environments(selected: 0))) { $0.overlay = .environments(selected: 0) }
        steps.step(.key(KeyEvent(.function(2)))) { $0.overlay = nil }
        // Nothing to pick (the collection went away): any key closes it.
        steps.context.collection = nil
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("j"))) { $0.overlay = nil }
    }

    @Test func aPromptTypesOnOneLineAndEnterHandsItToTheRoot() {
        var steps = steps()
        var prompt = PromptState(purpose: .newFolder(collectionID: "c", parent: []), title: "New folder")
        prompt.error = "A name is needed"
        steps.step(.open(.prompt(prompt))) { $0.overlay = .prompt(prompt) }
        var typed = prompt
        _ = typed.field.handle(.char("A"))
        typed.error = nil
        steps.step(.key(.char("A"))) { $0.overlay = .prompt(typed) }
        typed.field.insert("p i")
        steps.step(.paste("p\ni")) { $0.overlay = .prompt(typed) }
        #expect(typed.field.text == "Ap i")
        steps.step(.key(KeyEvent(.enter)), outcome: OverlayReducer.Outcome(requests: [.commitPrompt(typed)]))
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
        // Pasting with no prompt open does nothing here.
        steps.step(.paste("x"))
    }

    @Test func aQuestionWaitsWhileTheKeyboardIsTakenAndAnswersNothingUntilArmed() {
        var steps = steps(now: .seconds(10))
        let quit = Overlay.quitPrompt(selected: -1)
        // Nothing has the keyboard: it waits for the end of this action, then opens.
        steps.step(.ask(quit, waitingNotice: "waiting")) { $0.waitingQuestions = [quit] }
        steps.step(.settle(shownBefore: nil)) {
            $0.waitingQuestions = []
            $0.overlay = quit
            $0.questionShownAt = .seconds(10)
        }
        // Keys typed before it could be seen answer nothing.
        steps.step(.key(.char("d", .alt)))
        steps.step(.key(KeyEvent(.right)))
        steps.step(.settle(shownBefore: quit.questionIdentity))
        steps.context.now = .seconds(10) + Questions.armDelay
        // A bare letter is no answer; Alt+ the letter is; Enter takes the highlighted choice.
        steps.step(.key(.char("d")))
        steps.step(.key(.char("d", .alt)), outcome: OverlayReducer.Outcome(requests: [.answer(quit, choice: 1)]))
        steps.step(.key(KeyEvent(.enter)))
        steps.step(.key(KeyEvent(.left))) { $0.overlay = .quitPrompt(selected: 2) }
        steps.step(.key(KeyEvent(.tab))) { $0.overlay = .quitPrompt(selected: 0) }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: OverlayReducer.Outcome(requests: [.answer(.quitPrompt(selected: 0), choice: 0)]))
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
        steps.step(.settle(shownBefore: quit.questionIdentity)) { $0.questionShownAt = nil }
    }

    @Test func aQuestionAskedOverADialogWaitsSaysSoAndIsDroppedWhenNoLongerOpen() {
        var steps = steps()
        let conflict = Overlay.conflict(collectionID: "c", selected: -1)
        let recover = Overlay.recoverDrafts(count: 2, selected: -1)
        steps.step(.open(.help(scroll: 0))) { $0.overlay = .help(scroll: 0) }
        let waiting = OverlayReducer.Outcome(notice: Notice("waiting", kind: .warning))
        steps.step(.ask(conflict, waitingNotice: "waiting"), outcome: waiting) { $0.waitingQuestions = [conflict] }
        // Asked again: still once in the queue.
        steps.step(.ask(conflict, waitingNotice: "waiting"), outcome: waiting)
        steps.step(.settle(shownBefore: nil))
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
        // A field has the keyboard: it keeps waiting, and so does the next one asked.
        steps.context.paneIsTyping = true
        steps.step(.ask(recover, waitingNotice: "waiting"), outcome: waiting) {
            $0.waitingQuestions = [conflict, recover]
        }
        steps.step(.settle(shownBefore: nil))
        // The field let go: the conflict was settled meanwhile (dropped), the drafts are asked.
        steps.context.paneIsTyping = false
        steps.context.hasRecoveredDrafts = true
        steps.step(.settle(shownBefore: nil)) {
            $0.waitingQuestions = []
            $0.overlay = recover
            $0.questionShownAt = .seconds(10)
        }
    }

    @Test func otherDialogsHandTheirAnswerToTheRoot() {
        var steps = steps()
        let blocked = Overlay.sendBlocked(problems: ["headers[1]: {{token}}"], selected: 0)
        steps.step(.open(blocked)) { $0.overlay = blocked }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: OverlayReducer.Outcome(requests: [.jump(toProblem: "headers[1]: {{token}}")])
        ) { $0.overlay = nil }
        // x forgets captured values only when there are some.
        steps.step(.open(.variables(scroll: 0))) { $0.overlay = .variables(scroll: 0) }
        steps.step(.key(.char("x")))
        steps.context.hasCaptures = true
        steps.step(.key(.char("x")), outcome: OverlayReducer.Outcome(requests: [.forgetCaptures]))
        // Declining to replace a read-only file says the save was not made.
        let readOnly = Overlay.replaceReadOnly(collectionID: "c", path: "/tmp/api/alpha.json", selected: -1)
        steps.step(.open(readOnly)) { $0.overlay = readOnly }
        steps.step(
            .key(KeyEvent(.escape)),
            outcome: OverlayReducer.Outcome(notice: Notice("Not saved: alpha.json is read-only", kind: .warning))
        ) { $0.overlay = nil }
        steps.step(.close)
    }
}
