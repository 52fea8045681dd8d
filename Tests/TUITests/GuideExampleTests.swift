import TUI
import Testing

/// The example in docs/tui.md, compiled and run so the guide cannot go stale.
@Suite struct GuideExampleTests {
    // --- docs/tui.md example begins ---
    /// Everything the screen shows, as a value.
    struct ScreenState {
        var requests = ["GET /users", "POST /users", "GET /users/{id}", "DELETE /users/{id}"]
        var list = ListState()
        var url = TextEditorState(text: "https://api.example.com", singleLine: true)
        var showHelp = false
        var quit = false
    }

    /// Draws the state; never changes anything but widget scroll positions.
    static func view(_ state: inout ScreenState, theme: Theme, keymap: Keymap, frame: inout Frame) {
        frame.buffer.fill(frame.area, with: .blank(theme.base))
        let rows = Layout.vertical([.length(3), .fill(1), .length(1)]).split(frame.area)
        let urlBox = theme.block(title: "URL", focused: false)
        frame.render(urlBox, in: rows[0])
        frame.render(TextInput(), in: urlBox.inner(rows[0]), state: &state.url)
        let listBox = theme.block(title: "Requests", focused: true)
        frame.render(listBox, in: rows[1])
        let items = state.requests.map { request in
            let method = String(request.prefix { $0 != " " })
            return Line([
                Span(method, style: theme[.method(method)]), Span(request.dropFirst(method.count).description),
            ])
        }
        frame.render(theme.list(items), in: listBox.inner(rows[1]), state: &state.list)
        frame.render(theme.statusBar(hints: keymap.hints(for: ["app.help", "app.quit"])), in: rows[2])
        if state.showHelp { frame.render(HelpOverlay(keymap: keymap, style: theme.base), in: frame.area) }
    }

    /// Turns one event into a state change.
    static func update(_ state: inout ScreenState, event: Event, resolver: inout KeyResolver) {
        guard case .key(let key) = event else { return }
        switch resolver.resolve(key) {
        case .action("app.quit"): state.quit = true
        case .action("app.help"): state.showHelp.toggle()
        case .action(let action):
            if let move = Keymap.navigation(action) { state.list.apply(move, items: state.requests) }
        case .pending, .unbound: break
        }
    }
    // --- docs/tui.md example ends ---

    @Test func theGuideExampleRuns() {
        let backend = TestBackend(width: 40, height: 10)
        let terminal = Terminal(backend: backend)
        let theme = Theme.defaultDark
        var resolver = KeyResolver(keymap: .standard)
        var state = ScreenState()
        var decoder = InputDecoder()
        for event in decoder.feed(Array("jjG".utf8)) + decoder.flush() {
            Self.update(&state, event: event, resolver: &resolver)
            terminal.draw { frame in Self.view(&state, theme: theme, keymap: resolver.keymap, frame: &frame) }
        }
        #expect(state.list.selected == 3)
        #expect(backend.textDump().contains("▶ DELETE /users/{id}"))
        #expect(backend.buffer[x: 3, y: 6].style.foreground == theme[.methodGet].foreground)
        #expect(backend.buffer[x: 3, y: 7].style.background == theme[.selection].background)
        Self.update(&state, event: .key(.char("q")), resolver: &resolver)
        #expect(state.quit)
    }
}
