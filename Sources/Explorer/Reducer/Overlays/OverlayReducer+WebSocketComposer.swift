import TUI
import Workspace

/// Keys in the WebSocket composer: typing (Enter sends unless the text meant as JSON does not
/// parse; `/close [CODE [REASON]]` closes the connection with that code, `/file PATH` sends a
/// file's bytes as a binary message), or moving through the saved messages (Enter sends the
/// highlighted one); Tab switches, Esc closes. A message sent closes the composer, so its ↑ row
/// and the answer are in view — but for `1`–`9` in the saved list, which send that message at
/// once and leave the list open for the next.
extension OverlayReducer {
    static func composerKey(_ key: KeyEvent, _ composer: WebSocketComposerState, _ state: inout OverlayState)
        -> Outcome
    {
        var composer = composer
        if key == KeyEvent(.escape) {
            state.overlay = nil
            return Outcome()
        }
        if key == KeyEvent(.tab) || key == KeyEvent(.backTab), !composer.messages.isEmpty {
            composer.mode = composer.mode == .typing ? .saved : .typing
            state.overlay = .webSocketComposer(composer)
            return Outcome()
        }
        if key == KeyEvent(.enter) {
            let message: WebSocketSavedMessage
            switch composer.mode {
            case .typing:
                let text = composer.field.text
                guard !text.isEmpty else {
                    return Outcome(notice: Notice("Type a message first (an empty one sends nothing)", kind: .info))
                }
                switch WebSocketComposerState.closeCommand(text) {
                case .success(let close)?:
                    state.overlay = nil
                    return Outcome(
                        effects: [
                            .closeWebSocket(
                                composer.key, generation: composer.generation, code: close.code, reason: close.reason)
                        ])
                case .failure(let problem)?:
                    return Outcome(notice: Notice("Not closed: \(problem.message)", kind: .warning))
                case nil: break
                }
                if let problem = composer.problem {
                    return Outcome(notice: Notice("Not sent: \(problem)", kind: .warning))
                }
                if let path = WebSocketComposerState.fileCommand(text) {
                    state.overlay = nil
                    return Outcome(
                        effects: [
                            .sendWebSocket(
                                composer.key, generation: composer.generation,
                                WebSocketSavedMessage(name: "file", .file(path: path)),
                                collectionFile: composer.collectionFile)
                        ])
                }
                // `//text` sends `/text`: the way to a message that starts like a command.
                message = WebSocketSavedMessage(
                    name: "typed", .text(text.hasPrefix("//") ? String(text.dropFirst()) : text))
            case .saved:
                message = composer.messages[min(max(0, composer.selected), composer.messages.count - 1)]
            }
            state.overlay = nil
            return Outcome(
                effects: [
                    .sendWebSocket(
                        composer.key, generation: composer.generation, message, collectionFile: composer.collectionFile)
                ])
        }
        switch composer.mode {
        case .typing:
            _ = composer.field.handle(key)
        case .saved:
            let count = composer.messages.count
            switch key.key {
            case .down, .character("j"): composer.selected = (composer.selected + 1) % count
            case .up, .character("k"): composer.selected = (composer.selected + count - 1) % count
            case .home: composer.selected = 0
            case .end: composer.selected = count - 1
            case .character(let digit) where ("1"..."9").contains(digit) && key.modifiers.isEmpty:
                guard let number = Int(String(digit)), number <= count else { break }
                composer.selected = number - 1
                state.overlay = .webSocketComposer(composer)
                return Outcome(
                    effects: [
                        .sendWebSocket(
                            composer.key, generation: composer.generation, composer.messages[number - 1],
                            collectionFile: composer.collectionFile)
                    ])
            default: break
            }
        }
        state.overlay = .webSocketComposer(composer)
        return Outcome()
    }
}
