import CursesBackend
import Dispatch
import Foundation
import TUI

/// The running demo: owns the backend, the `Terminal` and the state; turns events into state
/// changes and redraws after each one.
@MainActor
final class DemoApp {
    private let backend: NcursesBackend
    private let terminal: Terminal<NcursesBackend>
    private var loop: TerminalEventLoop?
    private var state: DemoState
    /// `LAZER_TEST_HOOKS=1` enables test-only keys (see README, "Test hooks").
    private let testHooks: Bool

    init(backend: NcursesBackend, state: DemoState, testHooks: Bool) {
        self.backend = backend
        self.terminal = Terminal(backend: backend)
        self.testHooks = testHooks
        self.state = state
        self.state.mouseEnabled = backend.mouseEnabled
    }

    /// Draws the first frame and serves events until the user quits. Never returns.
    func run() -> Never {
        let loop = TerminalEventLoop(backend: backend) { [weak self] event in self?.handle(event) }
        self.loop = loop
        loop.start()
        draw()
        dispatchMain()
    }

    private func draw() {
        terminal.draw { frame in DemoView.render(&state, into: &frame) }
    }

    private func quit() -> Never {
        loop?.stop()
        backend.shutdown()
        exit(0)
    }

    private func handle(_ event: Event) {
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
        case .focusGained, .focusLost:
            break
        }
        draw()
    }

    // MARK: - Keys

    private func handle(_ key: KeyEvent) {
        if key == .ctrl("q") || key == .ctrl("c") { quit() }
        if key.key == .tab || key.key == .backTab {
            cycleFocus(backwards: key.key == .backTab)
            return
        }
        switch state.focus {
        case .text: handleText(key)
        case .tree, .list, .table, .headers:
            if handleGlobal(key) { return }
            handleNavigation(key)
        }
    }

    private func cycleFocus(backwards: Bool) {
        let order: [DemoState.Focus] = state.page == .explorer ? [.tree, .text] : [.list, .table, .headers]
        let index = order.firstIndex(of: state.focus) ?? 0
        state.focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    /// Keys that work wherever no text is being typed. Returns true if the key was used.
    private func handleGlobal(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty || key.modifiers == .shift else { return false }
        // In the list, letters type into the filter; only the page keys stay global there.
        if state.headers.isEditing { return false }
        if state.focus == .list, key.key != .character("1"), key.key != .character("2") { return false }
        switch key.key {
        case .character("q"): quit()
        case .character("t"):
            state.theme = state.catalog.theme(after: state.theme.name)
        case .character("1"):
            state.page = .explorer
            state.focus = .tree
        case .character("2"):
            state.page = .widgets
            state.focus = .list
        case .character("m"):
            backend.mouseEnabled.toggle()
            state.mouseEnabled = backend.mouseEnabled
        case .character("e"): editText()
        case .character("p"): pageText()
        case .character("y"): copySelection()
        case .character("!") where testHooks:
            fatalError("ui-demo test hook: forced crash")
        case .character("@") where testHooks:
            _ = DemoStackOverflow.recurse(0)
        case .character("#") where testHooks:
            DispatchQueue.global().async { fatalError("ui-demo test hook: forced crash on a background thread") }
        case .character("$") where testHooks:
            DispatchQueue.global().async { _ = DemoStackOverflow.recurse(0) }
        default: return false
        }
        return true
    }

    private func navigation(for key: KeyEvent) -> NavigationAction? {
        switch key.key {
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        case .left, .character("h"): .left
        case .right, .character("l"): .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .character(" ") where state.focus == .tree: .pageDown
        case .home, .character("g"): .top
        case .end, .character("G"): .bottom
        default: nil
        }
    }

    private func handleNavigation(_ key: KeyEvent) {
        switch state.focus {
        case .tree:
            if key.key == .enter, let selected = state.tree.selected {
                state.tree.toggle(Array(selected.prefix(1)))
            } else if let action = navigation(for: key) {
                state.tree.apply(action, in: state.treeSource)
            }
        case .list:
            let items = DemoState.listItems
            switch key.key {
            case .up, .down, .pageUp, .pageDown, .home, .end:
                if let action = navigation(for: key) { state.list.apply(action, items: items) }
            case .backspace: state.list.deleteFilterCharacter(items: items)
            case .escape: state.list.clearFilter(items: items)
            case .character(let character) where key.modifiers.isDisjoint(with: [.ctrl, .alt]):
                state.list.typeFilter(String(character), items: items)
            default: break
            }
        case .table:
            if let action = navigation(for: key) { state.table.apply(action, count: DemoState.tableRows.count) }
        case .headers:
            if !state.headers.handle(.key(key)), let action = navigation(for: key) { state.headers.apply(action) }
        case .text:
            break
        }
    }

    private func handleText(_ key: KeyEvent) {
        if key.key == .escape {
            state.focus = .tree
            return
        }
        _ = state.editor.handle(key)
    }

    // MARK: - Mouse

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .scrollDown where state.page == .explorer:
            for _ in 0..<3 { state.tree.apply(.down, in: state.treeSource) }
        case .scrollUp where state.page == .explorer:
            for _ in 0..<3 { state.tree.apply(.up, in: state.treeSource) }
        case .press(.left):
            state.lastEvent = "click \(mouse.position.x),\(mouse.position.y)"
            let row = mouse.position.y - 2
            if state.page == .explorer, row >= 0, row < state.tree.pageSize,
                let path = state.tree.path(atRow: state.tree.offset + row, in: state.treeSource)
            {
                state.focus = .tree
                state.tree.selected = path
            }
        default: break
        }
    }

    // MARK: - Handing over the terminal

    /// Hands the text area to `$EDITOR` and reads the result back.
    private func editText() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ui-demo-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: Data(state.editor.text.utf8)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = backend.edit(path: path)
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
        let status = backend.page(path: path)
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
        backend.copyToClipboard(text) { [weak self] result in
            // The desktop helper (xclip, wl-copy) ran on a background queue; only failures are news.
            guard let self else { return }
            switch result {
            case .failed, .timedOut, .couldNotStart:
                self.state.toast = Toast(result.message, kind: .warning, style: self.state.theme[.warning])
                self.draw()
            case .copied, .noHelper:
                break
            }
        }
        state.toast = Toast("Copied: \(text.prefix(40))", kind: .info, style: state.theme[.info])
    }
}
