import TUI
package import Workspace

/// The Scripts tab (issue 32): the pre-request script over the test script, Up and Down (or `k`
/// and `j`) choose one, Enter or `i` types into it, `Alt+E` opens it in `$EDITOR` as a `.js`
/// file; after each change its syntax is checked off the program loop (`checkScriptSyntax`).
extension RequestEditorReducer {
    /// A key on the Scripts tab while nothing is typed.
    static func scriptsKey(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) -> Bool {
        switch (key.key, key.modifiers) {
        case (.up, []), (.character("k"), []):
            if editor.onTestScript { editor.onTestScript = false } else { editor.focus = .urlLine }
        case (.down, []), (.character("j"), []):
            editor.onTestScript = true
        case (.enter, []), (.character("i"), []):
            editor.focus = .editing
        default:
            return false
        }
        return true
    }

    /// A key typed into the chosen script.
    static func typeIntoScript(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) {
        var script = editor.selectedScript
        guard script.handle(key) else { return }
        let changed = script.text != editor.selectedScript.text
        editor.selectedScript = script
        // A key that only moves the cursor makes no draft.
        if changed { scriptTextChanged(&editor, &work) }
    }

    /// Text pasted into the chosen script.
    static func pasteIntoScript(_ text: String, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard !text.isEmpty else { return }
        editor.selectedScript.insert(text)
        scriptTextChanged(&editor, &work)
    }

    /// The text of the script of `stage` came back from `$EDITOR` (it is chosen again).
    static func scriptEdited(
        _ text: String, _ stage: ScriptJob.Stage, _ editor: inout RequestEditorState, _ work: inout Work
    ) {
        editor.onTestScript = stage == .test
        guard text != editor.selectedScript.text else { return }
        editor.selectedScript.setText(text)
        scriptTextChanged(&editor, &work)
    }

    /// The chosen script's text becomes the draft's (a blank one is none), and is checked.
    static func scriptTextChanged(_ editor: inout RequestEditorState, _ work: inout Work) {
        let text = editor.selectedScript.text
        let stage = editor.selectedScriptStage
        let kept = isBlank(text) ? nil : text
        work.update { request in
            var scripts = request.scripts ?? SavedScripts()
            switch stage {
            case .preRequest: scripts.preRequest = kept
            case .test: scripts.test = kept
            }
            request.scripts = scripts.isEmpty ? nil : scripts
        }
        work.draftsChanged = true
        askScriptCheck(stage, &editor, &work)
    }

    /// Asks for a syntax check of both scripts (the Scripts tab opened, a request loaded on it).
    static func askScriptChecks(_ editor: inout RequestEditorState, _ work: inout Work) {
        dropScriptMarker(.preRequest, &editor)
        dropScriptMarker(.test, &editor)
        askScriptCheck(.preRequest, &editor, &work)
        askScriptCheck(.test, &editor, &work)
    }

    /// Asks for a syntax check of the script of `stage` (none for a blank one: nothing runs, and
    /// its marker goes). The marker of the text before stays until the answer comes (a few
    /// milliseconds; dropping it would make it flicker as one types).
    static func askScriptCheck(_ stage: ScriptJob.Stage, _ editor: inout RequestEditorState, _ work: inout Work) {
        let text = stage == .test ? editor.testScript.text : editor.preRequestScript.text
        guard !isBlank(text) else {
            dropScriptMarker(stage, &editor)
            return
        }
        guard let key = work.key else { return }
        work.outcome.effects.append(.checkScriptSyntax(ScriptSyntaxJob(key: key, stage: stage, text: text)))
    }

    /// A syntax check's result: kept when it is for the text on screen now.
    static func scriptChecked(_ job: ScriptSyntaxJob, problem: String?, _ editor: inout RequestEditorState) {
        guard job.key == editor.key else { return }
        switch job.stage {
        case .preRequest where editor.preRequestScript.text == job.text:
            editor.preRequestScriptProblem = problem
            editor.preRequestScriptChecked = job.text
        case .test where editor.testScript.text == job.text:
            editor.testScriptProblem = problem
            editor.testScriptChecked = job.text
        default: break
        }
    }

    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

    /// No marker for the script of `stage` until a check answers again.
    private static func dropScriptMarker(_ stage: ScriptJob.Stage, _ editor: inout RequestEditorState) {
        switch stage {
        case .preRequest:
            editor.preRequestScriptProblem = nil
            editor.preRequestScriptChecked = nil
        case .test:
            editor.testScriptProblem = nil
            editor.testScriptChecked = nil
        }
    }
}

/// A script's syntax check, asked after each change (`checkScriptSyntax`) and answered with its
/// problem (`scriptSyntaxChecked`); the answer is dropped when the text changed since.
package struct ScriptSyntaxJob: Sendable, Equatable {
    package var key: RequestKey
    package var stage: ScriptJob.Stage
    package var text: String

    package init(key: RequestKey, stage: ScriptJob.Stage, text: String) {
        self.key = key
        self.stage = stage
        self.text = text
    }
}
