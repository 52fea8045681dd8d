import CursesBackend
import Dispatch
import Foundation
import TUI

/// The running demo: owns the backend, the `Terminal` and the state; turns events into state
/// changes and redraws after each batch.
@MainActor
final class DemoApp {
    private let backend: NcursesBackend
    private let terminal: Terminal<NcursesBackend>
    private var loop: TerminalEventLoop?
    private var state = DemoState()
    /// `LAZER_TEST_HOOKS=1` enables test-only keys (see README, "Test hooks").
    private let testHooks: Bool

    init(backend: NcursesBackend, themeIndex: Int, testHooks: Bool) {
        self.backend = backend
        self.terminal = Terminal(backend: backend)
        self.testHooks = testHooks
        state.themeIndex = themeIndex
        state.mouseEnabled = backend.mouseEnabled
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
        switch event {
        case .key(let key):
            state.lastEvent = key.description
            handle(key)
        case .paste(let text):
            state.lastEvent = "paste (\(text.count) characters)"
            if state.focus == .text { state.insert(text) }
        case .mouse(let mouse):
            handle(mouse)
        case .resize(let size):
            state.lastEvent = "resize \(size.width)×\(size.height)"
        case .focusGained, .focusLost:
            break
        }
        draw()
    }

    private func handle(_ key: KeyEvent) {
        if key == .ctrl("q") || key == .ctrl("c") { quit() }
        if key.key == .tab || key.key == .backTab {
            state.focus = state.focus == .tree ? .text : .tree
            return
        }
        switch state.focus {
        case .tree: handleTree(key)
        case .text: handleText(key)
        }
    }

    private func handleTree(_ key: KeyEvent) {
        switch key.key {
        case .character("q"): quit()
        case .character("t"): state.themeIndex = (state.themeIndex + 1) % DemoTheme.all.count
        case .character("m"):
            backend.mouseEnabled.toggle()
            state.mouseEnabled = backend.mouseEnabled
        case .character("j"), .down: state.moveSelection(by: 1)
        case .character("k"), .up: state.moveSelection(by: -1)
        case .pageDown, .character(" "): state.moveSelection(by: state.treePageSize)
        case .pageUp: state.moveSelection(by: -state.treePageSize)
        case .character("g"), .home: state.moveSelection(by: -DemoState.treeRowCount)
        case .character("G"), .end: state.moveSelection(by: DemoState.treeRowCount)
        case .character("y"): backend.copyToClipboard(DemoState.treeLabel(state.selectedRow))
        case .character("e"): editText()
        case .character("!") where testHooks:
            fatalError("ui-demo test hook: forced crash")
        default: break
        }
    }

    /// Hands the text area to `$EDITOR` and reads the result back.
    private func editText() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ui-demo-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: Data(state.lines.joined(separator: "\n").utf8))
        else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = backend.edit(path: path)
        state.lastEvent = "editor exited \(status)"
        guard status == 0, let data = FileManager.default.contents(atPath: path) else { return }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        state.lines = lines.isEmpty ? [""] : lines
        state.cursorLine = 0
        state.cursorColumn = 0
    }

    private func handleText(_ key: KeyEvent) {
        switch key.key {
        case .escape: state.focus = .tree
        case .enter: state.insertNewline()
        case .backspace: state.backspace()
        case .up: state.moveCursor(line: -1)
        case .down: state.moveCursor(line: 1)
        case .left: state.moveCursor(column: -1)
        case .right: state.moveCursor(column: 1)
        case .character(let character) where key.modifiers.isDisjoint(with: [.ctrl, .alt]):
            state.insert(String(character))
        default: break
        }
    }

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .scrollDown: state.moveSelection(by: 3)
        case .scrollUp: state.moveSelection(by: -3)
        case .press(.left):
            state.lastEvent = "click \(mouse.position.x),\(mouse.position.y)"
            let row = mouse.position.y - 2
            if row >= 0, row < state.treePageSize {
                state.focus = .tree
                state.moveSelection(by: state.treeOffset + row - state.selectedRow)
            }
        default: break
        }
    }
}
