extension TextEditorState {
    /// Applies the standard editing keys. Returns `false` for keys the editor does not use
    /// (Tab unless it `indentsCode`, Shift+Tab, Esc, and Enter in a single-line input), so the
    /// app can handle them.
    ///
    /// Arrows, Home/End, PgUp/PgDn move (with Shift: select); Ctrl/Alt+←/→ and Alt+B/F move by
    /// word; Ctrl+A selects all; Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo; Backspace,
    /// Delete, Ctrl+W and Alt+Backspace delete; Ctrl+Home/End go to the start and end.
    package mutating func handle(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers.contains(.shift)
        let word = event.modifiers.contains(.ctrl) || event.modifiers.contains(.alt)
        switch event.key {
        case .left: move(word ? .wordLeft : .left, selecting: shift)
        case .right: move(word ? .wordRight : .right, selecting: shift)
        case .up:
            if singleLine { return false }
            move(.up, selecting: shift)
        case .down:
            if singleLine { return false }
            move(.down, selecting: shift)
        case .home: move(event.modifiers.contains(.ctrl) ? .documentStart : .lineStart, selecting: shift)
        case .end: move(event.modifiers.contains(.ctrl) ? .documentEnd : .lineEnd, selecting: shift)
        case .pageUp:
            if singleLine { return false }
            move(.pageUp, selecting: shift)
        case .pageDown:
            if singleLine { return false }
            move(.pageDown, selecting: shift)
        case .backspace:
            if word { deleteWordBackward() } else { deleteBackward() }
        case .delete: deleteForward()
        case .enter:
            if singleLine || !event.modifiers.isEmpty { return false }
            if indentsCode { newLineKeepingIndentation() } else { insert("\n") }
        case .tab where indentsCode && event.modifiers.isEmpty:
            indent()
        case .character(let c) where event.modifiers == .ctrl:
            switch c {
            case "a": selectAll()
            case "z": undo()
            case "y": redo()
            case "w": deleteWordBackward()
            case "e": move(.lineEnd)
            default: return false
            }
        case .character(let c) where event.modifiers == [.ctrl, .shift]:
            guard c == "z" else { return false }
            redo()
        case .character(let c) where event.modifiers == .alt:
            switch c {
            case "b": move(.wordLeft)
            case "f": move(.wordRight)
            default: return false
            }
        case .character(let c) where event.modifiers.isEmpty || event.modifiers == .shift:
            insert(String(c))
        default:
            return false
        }
        return true
    }

    /// Handles a key or a bracketed paste; other events are not for the editor.
    package mutating func handle(_ event: Event) -> Bool {
        switch event {
        case .key(let key): return handle(key)
        case .paste(let text):
            insert(text)
            return true
        default: return false
        }
    }
}
