package import TUI
package import Workspace

/// The questions a send asks before it leaves: one `{{$prompt "Label"}}` (a text field, masked
/// when the label reads like a credential) or `{{$select "Label" a b}}` (a picker) after another.
/// The answers reach the send only when the last is given; Esc cancels the send.
package struct SendPromptsState: Sendable, Equatable {
    /// The request being sent.
    package var key: RequestKey
    package var prompts: [PromptRequest]
    /// The prompt asked now.
    package var index: Int
    /// Answers given so far in this send, by label.
    package var answers: [String: String]
    /// The text of a `$prompt`.
    package var field: TextEditorState
    /// The option highlighted in a `$select`.
    package var selected: Int

    /// Asks `prompts` (not empty) for the send of `key`, each pre-filled from `remembered`.
    package init(key: RequestKey, prompts: [PromptRequest], remembered: [String: String]) {
        self.key = key
        self.prompts = prompts
        index = 0
        answers = [:]
        field = TextEditorState(text: "", singleLine: true)
        selected = 0
        ask(remembered: remembered)
    }

    package var current: PromptRequest { prompts[index] }

    /// Sets the field or the highlight for the prompt at `index` from its remembered answer.
    package mutating func ask(remembered: [String: String]) {
        let previous = remembered[current.label]
        field = TextEditorState(text: current.options == nil ? previous ?? "" : "", singleLine: true)
        field.selectAll()
        selected = current.options.flatMap { options in previous.flatMap { options.firstIndex(of: $0) } } ?? 0
    }

    /// The answer to the prompt asked now.
    package var answer: String {
        if let options = current.options { return options[min(max(0, selected), options.count - 1)] }
        return field.text
    }

    /// "Order id (2 of 3)" for the dialog's title.
    package var title: String {
        prompts.count > 1 ? "\(current.label) (\(index + 1) of \(prompts.count))" : current.label
    }
}
