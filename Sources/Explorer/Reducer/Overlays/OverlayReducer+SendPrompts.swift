import TUI
import Workspace

/// Keys while a send asks its `{{$prompt}}` / `{{$select}}`: typing (a prompt) or moving the
/// highlight (a select), Enter answers and asks the next, Esc cancels the send (nothing leaves).
extension OverlayReducer {
    static func answerPrompt(_ key: KeyEvent, _ asking: SendPromptsState, _ state: inout OverlayState) -> Outcome {
        var asking = asking
        if key == KeyEvent(.escape) {
            state.overlay = nil
            return Outcome(notice: Notice("Not sent: \"\(asking.current.label)\" was not answered", kind: .warning))
        }
        if key == KeyEvent(.enter) {
            let answer = asking.answer
            asking.answers[asking.current.label] = answer
            state.promptAnswers[asking.current.label] = answer
            guard asking.index + 1 < asking.prompts.count else {
                state.overlay = nil
                return Outcome(requests: [.sendWithAnswers(asking.key, asking.answers)])
            }
            asking.index += 1
            asking.ask(remembered: state.promptAnswers)
            state.overlay = .sendPrompts(asking)
            return Outcome()
        }
        if let options = asking.current.options {
            switch key.key {
            case .down, .character("j"), .tab: asking.selected = (asking.selected + 1) % options.count
            case .up, .character("k"), .backTab:
                asking.selected = (asking.selected + options.count - 1) % options.count
            case .home: asking.selected = 0
            case .end: asking.selected = options.count - 1
            default: break
            }
        } else {
            _ = asking.field.handle(key)
        }
        state.overlay = .sendPrompts(asking)
        return Outcome()
    }
}
