import Foundation
package import HTTPCore
package import StateStore
package import TUI
package import Workspace

/// The dialogs' slice: reduces only `OverlayState` (the dialog open, the questions waiting, when
/// a question appeared, the dialog under a viewer). Keys move, scroll, type and answer inside the
/// dialog here; what an answer does to the rest (choosing an environment, running a palette
/// entry, committing a prompt, resolving a question about files or drafts) goes back to the root
/// as a request in the `Outcome`. What it needs of the rest comes in the `Context`.
package enum OverlayReducer: SliceReducer {
    package enum Action: Equatable, Sendable {
        /// A key while a dialog is open: the dialog takes every key.
        case key(KeyEvent)
        /// Text pasted into a prompt (one line).
        case paste(String)
        /// Opens a dialog asked for by a key or a command (over whatever was open).
        case open(Overlay)
        /// Opens a viewer over `below`, which comes back when the viewer closes.
        case view(title: String, text: String, over: Overlay)
        case close
        /// A question that came on its own (not from a key): it opens at once, or waits while a
        /// field or another dialog has the keyboard (then `waitingNotice` says it is waiting).
        case ask(Overlay, waitingNotice: String)
        /// After every action: a waiting question opens when nothing has the keyboard, and the
        /// question shown notes when it appeared if it is another than `shownBefore`.
        case settle(shownBefore: String?)
        /// Opens the history browser and asks for its list.
        case openHistoryBrowser
        /// The history browser's list for the search of `generation` (dropped when another
        /// search was asked since, or the browser closed).
        case historyBrowsed(generation: Int, Result<[HistorySummary], HistoryProblem>)
        /// The open collections changed: an open history browser searches them again.
        case collectionsChanged
        /// A send needs these answers first: asks them, each pre-filled with its last answer.
        case askPrompts(RequestKey, [PromptRequest])
        /// "Forget prompt answers": the next ask starts empty.
        case forgetPromptAnswers
        /// A cookie jar read or written: shown when the Cookies dialog of that jar is open.
        case cookiesLoaded(CookieJarKey, [Cookie], error: String?)
    }

    package struct Context: Equatable, Sendable {
        package var now: Duration
        /// Whether a field of a pane has the keyboard (the filter, the URL, a table cell…).
        package var paneIsTyping = false
        /// The rows a page scrolls in the help, variables, problems and viewer dialogs.
        package var page = 10
        /// The palette's entries (only while the palette is open).
        package var palette: [ExplorerCommands.Command] = []
        /// The current collection (only while the environment manager, an editor, the routes or
        /// the variables are open), and its id.
        package var collectionID: String?
        package var collection: RequestCollection?
        /// The current collection has captured values that `x` in the variables dialog forgets.
        package var hasCaptures = false
        /// Collections whose changed file still waits for an answer, by id.
        package var pendingReloads: Set<String> = []
        /// Drafts from an earlier session still wait for an answer.
        package var hasRecoveredDrafts = false
        /// The open workspace's collections (the history browser's list covers them).
        package var historyCollections: [String] = []

        package init(now: Duration) { self.now = now }
    }

    /// What an answer asks of the rest of the explorer.
    package enum Request: Equatable, Sendable {
        /// Run the palette entry chosen.
        case perform(ExplorerCommands.Action)
        case chooseEnvironment(String)
        /// Forget the captured values of the current collection's environment.
        case forgetCaptures
        /// An edit of the collection's environments or variables (an unsaved change).
        case editEnvironments(collectionID: String, EnvironmentEdit)
        /// `Ctrl+S` in the manager or an editor: the collection saved; `X`: its environments and
        /// variables back as saved.
        case saveCollection(String)
        case revertEnvironments(String)
        /// Move the focus to where a problem that blocked the send occurs.
        case jump(toProblem: String)
        /// Enter in a prompt: do what it is for (it stays open with an error if that fails).
        case commitPrompt(PromptState)
        /// A question answered with its `choice`-th answer (quit, recover, conflict, read-only,
        /// mock route); the question has not been closed: the root's answer decides.
        case answer(Overlay, choice: Int)
        /// Enter in the history browser: show the entry (`asDraft`: re-open it as a draft).
        case openHistoryEntry(HistorySummary, asDraft: Bool)
        /// Every prompt of the send of the request answered: send it with these answers, by label.
        case sendWithAnswers(RequestKey, [String: String])
        /// `Ctrl+D` in the history browser: mark the entry to compare (a second one compares).
        case markHistoryEntry(HistorySummary)
        /// Tab in the schema browser: this field into the GraphQL query at its cursor, the cursor
        /// then `cursor` characters into it (nil: after it).
        case insertIntoQuery(String, cursor: Int?)
        /// Enter in the operation picker: the request's GraphQL body runs this operation (nil: its
        /// only one, anonymous).
        case chooseOperation(RequestKey, String?)
    }

    package typealias Outcome = SliceRequests<Request>

    package static func reduce(_ state: inout OverlayState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .key(let key):
            guard let overlay = state.overlay else { return Outcome() }
            return self.key(key, overlay, context, &state)
        case .paste(let text):
            if case .environmentEditor(var editor)? = state.overlay, var field = editor.editor {
                field.insert(text.replacingOccurrences(of: "\n", with: " "))
                editor.editor = field
                state.overlay = .environmentEditor(editor)
                return Outcome()
            }
            if case .historyBrowser(var browser)? = state.overlay {
                browser.query.insert(text.replacingOccurrences(of: "\n", with: " "))
                return searchHistory(&browser, context, &state)
            }
            if case .graphqlSchema(var browser)? = state.overlay {
                browser.query.insert(text.replacingOccurrences(of: "\n", with: " "))
                browser.refresh()
                state.overlay = .graphqlSchema(browser)
                return Outcome()
            }
            if case .sendPrompts(var asking)? = state.overlay, asking.current.options == nil {
                asking.field.insert(text.replacingOccurrences(of: "\n", with: " "))
                state.overlay = .sendPrompts(asking)
                return Outcome()
            }
            if case .webSocketComposer(var composer)? = state.overlay, composer.mode == .typing {
                composer.field.insert(text.replacingOccurrences(of: "\n", with: " "))
                state.overlay = .webSocketComposer(composer)
                return Outcome()
            }
            guard case .prompt(var prompt)? = state.overlay else { return Outcome() }
            prompt.field.insert(text.replacingOccurrences(of: "\n", with: " "))
            state.overlay = .prompt(prompt)
        case .open(let overlay):
            state.overlay = overlay
        case .view(let title, let text, let below):
            state.overlayBelow = below
            state.overlay = .viewer(title: title, text: text, scroll: 0)
        case .close:
            state.overlay = nil
        case .askPrompts(let key, let prompts):
            guard !prompts.isEmpty else { return Outcome() }
            state.overlay = .sendPrompts(SendPromptsState(key: key, prompts: prompts, remembered: state.promptAnswers))
        case .forgetPromptAnswers:
            let count = state.promptAnswers.count
            state.promptAnswers = [:]
            let message =
                count == 0
                ? "No prompt answers to forget" : "Forgot \(count) prompt answer\(count == 1 ? "" : "s")"
            return Outcome(notice: Notice(message, kind: .info))
        case .ask(let question, let notice):
            return ask(question, waitingNotice: notice, context, &state)
        case .openHistoryBrowser:
            var browser = HistoryBrowserState(generation: state.historyGeneration)
            return searchHistory(&browser, context, &state)
        case .historyBrowsed(let generation, let result):
            historyBrowsed(generation, result, &state)
        case .collectionsChanged:
            return historyCollectionsChanged(context, &state)
        case .settle(let shownBefore):
            while state.overlay == nil, !context.paneIsTyping, !state.waitingQuestions.isEmpty {
                let question = state.waitingQuestions.removeFirst()
                if isStillOpen(question, context) { state.overlay = question }
            }
            let identity = state.overlay?.questionIdentity
            if identity != shownBefore { state.questionShownAt = identity == nil ? nil : context.now }
        case .cookiesLoaded(let jar, let cookies, let error):
            guard case .cookies(var dialog)? = state.overlay, dialog.jar == jar else { return Outcome() }
            dialog.cookies = cookies
            dialog.error = error
            dialog.selected = max(0, min(dialog.selected, cookies.count - 1))
            state.overlay = .cookies(dialog)
        }
        return Outcome()
    }

    private static func ask(
        _ question: Overlay, waitingNotice notice: String, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        guard let identity = question.questionIdentity else {
            state.overlay = question
            return Outcome()
        }
        if state.overlay?.questionIdentity == identity { return Outcome() }
        if !state.waitingQuestions.contains(where: { $0.questionIdentity == identity }) {
            state.waitingQuestions.append(question)
        }
        guard context.paneIsTyping || state.overlay != nil else { return Outcome() }
        return Outcome(notice: Notice(notice, kind: .warning))
    }

    /// Whether a waiting question still has something to ask.
    private static func isStillOpen(_ question: Overlay, _ context: Context) -> Bool {
        switch question {
        case .conflict(let collectionID, _): context.pendingReloads.contains(collectionID)
        case .recoverDrafts: context.hasRecoveredDrafts
        default: true
        }
    }
}
