import Dispatch
import Foundation
package import TUI

/// The running demo: owns the `Terminal` and the state; turns events into state changes and
/// redraws after each one. The host (the `lazer` executable) feeds it events from its event loop
/// and does what needs the real terminal: mouse reporting, `$EDITOR`, `$PAGER`, the clipboard and
/// quitting.
///
/// Threading: main actor only.
@MainActor
package final class DemoApp<Backend: TerminalBackend> {
    private let terminal: Terminal<Backend>
    private let host: any TerminalHost
    private var state: DemoState
    /// `LAZER_TEST_HOOKS=1` enables test-only keys (see README, "Test hooks").
    private let testHooks: Bool

    package init(backend: Backend, host: any TerminalHost, state: DemoState, testHooks: Bool) {
        self.terminal = Terminal(backend: backend)
        self.host = host
        self.testHooks = testHooks
        self.state = state
        self.state.mouseEnabled = host.mouseEnabled
    }

    /// Draws the current state (the terminal sends only the cells that changed).
    package func draw() {
        terminal.draw { frame in DemoView.render(&state, into: &frame) }
    }

    private func quit() {
        host.quit()
    }

    /// Changes the state for one event and draws the result.
    package func handle(_ event: Event) {
        state.tick += 1
        switch event {
        case .key(let key):
            state.lastEvent = key.description
            state.toast = nil
            handle(key)
        case .paste(let text):
            state.lastEvent = "paste (\(text.count) characters)"
            if state.focus == .text { _ = state.editor.handle(event) }
        case .mouse(let mouse):
            handle(mouse)
        case .resize(let size):
            state.lastEvent = "resize \(size.width)×\(size.height)"
        case .focusGained:
            state.lastEvent = "focus in"
        case .focusLost:
            state.lastEvent = "focus out"
        }
        loadExpandedChildren()
        draw()
    }

    /// Fetches the fields of a request the first time it is expanded: the row shows ⟳ until they
    /// arrive a moment later (the delay stands in for a network round trip), so the tree's lazily
    /// loaded children can be seen.
    private func loadExpandedChildren() {
        guard let request = state.tree.selected?.first, state.tree.isExpanded([request]),
            !state.loadedRequests.contains(request), !state.loadingRequests.contains(request)
        else { return }
        state.loadingRequests.insert(request)
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(250))
            guard let self else { return }
            self.state.loadingRequests.remove(request)
            self.state.loadedRequests.insert(request)
            self.draw()
        }
    }

    // MARK: - Keys

    private func handle(_ key: KeyEvent) {
        if key == .ctrl("q") { return quit() }
        if let overlay = state.overlay {
            handleOverlay(overlay, key)
            return
        }
        if key.key == .tab || key.key == .backTab {
            state.keys.reset()
            cycleFocus(backwards: key.key == .backTab)
            return
        }
        switch state.focus {
        case .text:
            if key.key == .escape {
                state.focus = .tree
            } else if !state.editor.handle(key) {
                // Keys the editor has no use for (F1, Ctrl+P, Ctrl+T…) still reach the keymap.
                resolve(key)
            }
        case .list:
            // Letters and digits type into the filter; the page keys stay global.
            if case .character(let character) = key.key, key.modifiers.isDisjoint(with: [.ctrl, .alt]),
                character != "1", character != "2"
            {
                state.list.typeFilter(String(character), items: DemoState.listItems)
            } else {
                resolve(key)
            }
        case .headers:
            // The header editor's own keys first (space, Enter, a, d, ←/→, and typing while editing).
            if !state.headers.handle(.key(key)), !state.headers.isEditing { resolve(key) }
        case .tree, .table:
            resolve(key)
        }
    }

    /// Looks the key up in the keymap (waiting for the second key of `g g`), then runs the action
    /// or hands an unbound key to the focused widget.
    private func resolve(_ key: KeyEvent) {
        switch state.keys.resolve(key) {
        case .action(let action): perform(action)
        case .pending: state.lastEvent = key.description + " …"
        case .unbound: handleUnbound(key)
        }
    }

    private func perform(_ action: String) {
        if let navigation = Keymap.navigation(action) { return navigate(navigation) }
        switch action {
        case "app.quit": quit()
        case "app.help":
            state.helpScroll = 0
            state.overlay = .help
        case "app.palette":
            state.palette = CommandPaletteState()
            state.overlay = .palette
        case "app.theme": state.theme = state.catalog.theme(after: state.theme.name)
        case "focus.next", "focus.previous": cycleFocus(backwards: action == "focus.previous")
        case "search.start":
            if state.page == .explorer {
                state.focus = .tree
                state.search = TextEditorState(text: state.lastSearch, singleLine: true)
                state.search.selectAll()
                state.overlay = .search
            } else {
                state.focus = .list
            }
        case "search.next", "search.previous": searchTree(forward: action == "search.next")
        case "demo.explorer":
            state.page = .explorer
            state.focus = .tree
        case "demo.widgets":
            state.page = .widgets
            state.focus = .list
        case "demo.mouse":
            host.mouseEnabled.toggle()
            state.mouseEnabled = host.mouseEnabled
        case "demo.edit": editText()
        case "demo.pager": pageText()
        case "demo.copy": copySelection()
        default:
            if action.hasPrefix("theme:"), let theme = state.catalog.theme(named: String(action.dropFirst(6))) {
                state.theme = theme
            }
        }
    }

    /// Keys the keymap does not bind: Enter and Space in the tree, Backspace and Esc in the list's
    /// filter, and the test hooks.
    private func handleUnbound(_ key: KeyEvent) {
        switch (state.focus, key.key) {
        case (.tree, .enter):
            if let selected = state.tree.selected { state.tree.toggle(Array(selected.prefix(1))) }
        case (.tree, .character(" ")): navigate(.pageDown)
        case (.list, .backspace): state.list.deleteFilterCharacter(items: DemoState.listItems)
        case (.list, .escape): state.list.clearFilter(items: DemoState.listItems)
        case (_, .character("!")) where testHooks: fatalError("ui-demo test hook: forced crash")
        case (_, .character("@")) where testHooks: _ = DemoStackOverflow.recurse(0)
        case (_, .character("#")) where testHooks:
            DispatchQueue.global().async { fatalError("ui-demo test hook: forced crash on a background thread") }
        case (_, .character("$")) where testHooks: DispatchQueue.global().async { _ = DemoStackOverflow.recurse(0) }
        default: break
        }
    }

    private func handleOverlay(_ overlay: DemoState.Overlay, _ key: KeyEvent) {
        let closes = key.key == .escape || (key.key == .enter && overlay != .palette && overlay != .search)
        switch overlay {
        case .help, .problems:
            if closes || key.key == .character("?") || key.key == .character("q") || key.key == .function(1) {
                state.overlay = nil
            } else if key.key == .down || key.key == .character("j") {
                state.helpScroll += 1
            } else if key.key == .up || key.key == .character("k") {
                state.helpScroll = max(0, state.helpScroll - 1)
            }
        case .palette:
            if key.key == .escape {
                state.overlay = nil
            } else if key.key == .enter {
                state.overlay = nil
                let commands = state.commands
                if let chosen = state.palette.chosen(in: commands.map(\.title)) { perform(commands[chosen].action) }
            } else {
                _ = state.palette.handle(.key(key), commands: state.commands.map(\.title))
            }
        case .search:
            if key.key == .escape {
                state.overlay = nil
            } else if key.key == .enter {
                state.overlay = nil
                state.lastSearch = state.search.text
                searchTree(forward: true)
            } else {
                _ = state.search.handle(key)
            }
        }
    }

    private func cycleFocus(backwards: Bool) {
        let order: [DemoState.Focus] = state.page == .explorer ? [.tree, .text] : [.list, .table, .headers]
        let index = order.firstIndex(of: state.focus) ?? 0
        state.focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    private func navigate(_ action: NavigationAction) {
        switch state.focus {
        case .tree: state.tree.apply(action, in: state.treeSource)
        case .list: state.list.apply(action, items: DemoState.listItems)
        case .table: state.table.apply(action, count: DemoState.tableRows.count)
        case .headers: state.headers.apply(action)
        case .text: break
        }
    }

    /// Selects the next (or previous) tree row matching the last search.
    private func searchTree(forward: Bool) {
        guard state.page == .explorer, !state.lastSearch.isEmpty else { return }
        state.focus = .tree
        if !state.tree.selectMatch(state.lastSearch, in: state.treeSource, forward: forward) {
            state.toast = Toast("No match for \"\(state.lastSearch)\"", kind: .warning, style: state.theme[.warning])
        }
    }

    // MARK: - Mouse

    private func handle(_ mouse: MouseEvent) {
        let position = "\(mouse.position.x),\(mouse.position.y)"
        switch mouse.kind {
        case .press(.left): state.lastEvent = "click " + position
        case .press: state.lastEvent = "press " + position
        case .drag: state.lastEvent = "drag " + position
        case .scrollUp, .scrollDown, .scrollLeft, .scrollRight: state.lastEvent = "wheel " + position
        case .release, .moved: break  // a click's release would hide the click
        }
        switch state.page {
        case .explorer: handleExplorer(mouse)
        case .widgets: handleWidgets(mouse)
        }
    }

    /// Over the text area a click places the cursor, a drag selects and the wheel scrolls; over
    /// the tree the wheel moves the selection three rows and a click or a drag selects a row.
    private func handleExplorer(_ mouse: MouseEvent) {
        let overText = state.editor.lastTextArea.contains(mouse.position)
        if overText || (state.focus == .text && mouse.kind == .drag(.left)) {
            if state.editor.handle(mouse), mouse.kind == .press(.left) { state.focus = .text }
            return
        }
        switch mouse.kind {
        case .scrollDown:
            for _ in 0..<3 { state.tree.apply(.down, in: state.treeSource) }
        case .scrollUp:
            for _ in 0..<3 { state.tree.apply(.up, in: state.treeSource) }
        case .press(.left), .drag(.left):
            let row = mouse.position.y - state.tree.lastArea.y
            if state.tree.lastArea.contains(mouse.position), row < state.tree.pageSize,
                let path = state.tree.path(atRow: state.tree.offset + row, in: state.treeSource)
            {
                state.focus = .tree
                state.tree.selected = path
            }
        default: break
        }
    }

    /// Clicks and the wheel go to the pane under the pointer, which takes the focus.
    private func handleWidgets(_ mouse: MouseEvent) {
        var click = mouse
        if case .drag(.left) = mouse.kind { click.kind = .press(.left) }
        if state.list.lastArea.contains(mouse.position) {
            if state.list.handle(click, items: DemoState.listItems) { state.focus = .list }
        } else if state.table.lastArea.contains(mouse.position) {
            if state.table.handle(click, count: DemoState.tableRows.count) { state.focus = .table }
        } else if state.headers.table.lastArea.contains(mouse.position) {
            if state.headers.table.handle(click, count: state.headers.rows.count) { state.focus = .headers }
        }
    }

    // MARK: - Handing over the terminal

    /// Hands the text area to `$EDITOR` and reads the result back.
    private func editText() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ui-demo-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: Data(state.editor.text.utf8)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = host.edit(path: path)
        guard status == 0, let data = FileManager.default.contents(atPath: path) else {
            state.toast = Toast("The editor exited with status \(status)", kind: .warning, style: state.theme[.warning])
            return
        }
        state.editor.setText(String(decoding: data, as: UTF8.self))
        state.toast = Toast("Text updated from the editor", kind: .success, style: state.theme[.success])
    }

    /// Shows the text area in `$PAGER` and takes the screen back when the pager quits.
    private func pageText() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ui-demo-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: Data(state.editor.text.utf8)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = host.page(path: path)
        state.toast = Toast("The pager exited with status \(status)", kind: .info, style: state.theme[.info])
    }

    private func copySelection() {
        let text: String
        switch state.focus {
        case .tree: text = state.tree.selected.map { state.treeSource.label(of: $0).text } ?? ""
        case .text: text = state.editor.selectedText ?? state.editor.text
        case .list: text = state.list.selected.map { DemoState.listItems[$0] } ?? ""
        case .table: text = state.table.selected.map { DemoState.tableRows[$0].path } ?? ""
        case .headers: text = state.headers.enabledRows.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        }
        host.copyToClipboard(text) { [weak self] message in
            // The desktop helper (xclip, wl-copy) ran on a background queue; only failures are news.
            guard let self else { return }
            self.state.toast = Toast(message, kind: .warning, style: self.state.theme[.warning])
            self.draw()
        }
        state.toast = Toast("Copied: \(text.prefix(40))", kind: .info, style: state.theme[.info])
    }
}
