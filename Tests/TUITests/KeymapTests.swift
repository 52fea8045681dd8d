import Foundation
import TUI
import TUITesting
import Testing

@Suite struct KeymapTests {
    private func keys(_ text: String) -> [KeyEvent] { KeySequence(text)?.keys ?? [] }

    @Test func standardKeymapHasNoConflicts() {
        #expect(Keymap.standard.conflicts().isEmpty)
    }

    @Test func arrowsAndVimKeysResolveToTheSameActions() {
        var resolver = KeyResolver(keymap: .standard)
        #expect(resolver.resolve(KeyEvent(.down)) == .action("nav.down"))
        #expect(resolver.resolve(.char("j")) == .action("nav.down"))
        #expect(resolver.resolve(.char("k")) == .action("nav.up"))
        #expect(resolver.resolve(.char("G")) == .action("nav.bottom"))
        #expect(resolver.resolve(.char("/")) == .action("search.start"))
        #expect(resolver.resolve(.char("n")) == .action("search.next"))
        #expect(resolver.resolve(.char("N")) == .action("search.previous"))
        #expect(resolver.resolve(KeyEvent(.home)) == .action("nav.top"))
    }

    @Test func ggIsATwoKeySequence() {
        var resolver = KeyResolver(keymap: .standard)
        #expect(resolver.resolve(.char("g")) == .pending)
        #expect(resolver.resolve(.char("g")) == .action("nav.top"))
        #expect(resolver.resolve(.char("g")) == .pending)
        #expect(resolver.resolve(.char("x")) == .unbound([.char("g"), .char("x")]))
        #expect(resolver.pending.isEmpty)
    }

    @Test func focusedContextBeatsGlobal() {
        let keymap = Keymap.standard.merging([
            KeyBinding("editor.undo", keys: ["ctrl+z"], help: "Undo", context: "editor"),
            KeyBinding("list.delete", keys: ["d"], help: "Delete", context: "list"),
            KeyBinding("editor.kill", keys: ["d"], help: "Kill", context: "editor"),
        ])
        #expect(keymap.conflicts().isEmpty)
        var resolver = KeyResolver(keymap: keymap)
        #expect(resolver.resolve(.char("d"), contexts: ["list"]) == .action("list.delete"))
        #expect(resolver.resolve(.char("d"), contexts: ["editor"]) == .action("editor.kill"))
        #expect(resolver.resolve(.char("d")) == .unbound([.char("d")]))
    }

    @Test func hintsAndHelpComeFromTheTable() {
        let hints = Keymap.standard.hints(for: ["app.palette", "app.help", "app.quit"])
        #expect(hints == [KeyHint("ctrl+p", "commands"), KeyHint("?", "help"), KeyHint("q", "quit")])
        let help = Keymap.standard.helpLines().map(\.text)
        #expect(help.contains { $0.hasPrefix("home, g g") && $0.hasSuffix("Go to the top") })
        Snapshot.assert(HelpOverlay(keymap: .standard), width: 60, height: 22, named: "help-overlay")
    }

    @Test func userOverridesWinAndConflictsAreReported() {
        var keymap = Keymap.standard
        let file = """
            {
              "bindings": {
                "app.quit": ["ctrl+q"],
                "app.help": ["h", "F1"],
                "nav.dance": ["x"],
                "nav.top": ["home", "ctrl+nope"]
              }
            }
            """
        let problems = keymap.applyOverrides(Array(file.utf8), file: "keymap.json").map(\.description)
        #expect(keymap.keys(for: "app.quit") == [KeySequence("ctrl+q")].compactMap { $0 })
        #expect(keymap.keys(for: "nav.left").map(\.description) == ["left"])
        #expect(problems.contains("keymap.json:4:5: \"h\" was bound to nav.left; it now runs app.help"))
        #expect(problems.contains("keymap.json:5:5: unknown action \"nav.dance\""))
        #expect(problems.contains("keymap.json:6:25: not a key: \"ctrl+nope\""))
        var resolver = KeyResolver(keymap: keymap)
        #expect(resolver.resolve(.char("h")) == .action("app.help"))
        #expect(resolver.resolve(.char("q")) == .unbound([.char("q")]))
    }

    @Test func aPrefixClashIsAConflict() {
        let keymap = Keymap([
            KeyBinding("a", keys: ["g"], help: "A"),
            KeyBinding("b", keys: ["g g"], help: "B"),
        ])
        #expect(keymap.conflicts().map(\.description) == ["\"g\" (a) hides \"g g\" (b)"])
    }

    @Test func brokenOverrideFileChangesNothing() {
        var keymap = Keymap.standard
        let problems = keymap.applyOverrides(Array("{\"bindings\": {\"app.quit\": [\"x\",]}}".utf8), file: "k.json")
        #expect(problems.map(\.description) == ["k.json:1:32: expected a value, found ']'"])
        #expect(keymap.keys(for: "app.quit").map(\.description) == ["q", "ctrl+c"])
    }

    @Test("a control or format character is no key: refused in a keymap file, never shown as one (fuzz-keymap)")
    func controlCharactersAreNoKeys() {
        for text in ["\u{7F}", "ctrl+alt+\u{7F}", "\u{1B}", "alt+\u{9B}", "\u{202E}", "\u{200B}", "\u{0}"] {
            #expect(KeySpec.parse(text) == nil, "\(text.debugDescription)")
        }
        var keymap = Keymap.standard
        let file = "{\"bindings\": {\"nav.up\": [\"ctrl+alt+\u{7F}\", \"k\"]}}"
        let problems = keymap.applyOverrides(Array(file.utf8), file: "k.json")
        #expect(problems.map(\.description) == ["k.json:1:26: not a key: \"ctrl+alt+␡\""])
        #expect(keymap.keys(for: "nav.up").map(\.description) == ["k"])
        #expect(KeySpec.parse("é") == KeyEvent(.character("é")))
    }

    @Test("every key's text parses back to that key, Shift+Tab with another modifier too (fuzz-keymap)")
    func keyTextsParseBack() throws {
        for text in ["shift+tab", "backtab", "ctrl+backtab", "alt+shift+tab", "ctrl+shift+tab", "ctrl+alt+s", "F24"] {
            let key = try #require(KeySpec.parse(text), "\(text)")
            #expect(KeySpec.parse(KeySpec.name(of: key)) == key, "\(text) → \(KeySpec.name(of: key))")
        }
        #expect(KeySpec.name(of: try #require(KeySpec.parse("ctrl+backtab"))) == "ctrl+backtab")
        #expect(KeySpec.name(of: try #require(KeySpec.parse("shift+tab"))) == "shift+tab")
    }

    @Test("an action given thousands of keys keeps the first 16 and says so (conflicts are checked pairwise)")
    func keysPerActionAreBounded() {
        func many(_ modifier: String) -> String {
            (0..<10_000).map { "\"\(modifier)+F\($0 % 24 + 1) \($0 % 10)\"" }.joined(separator: ",")
        }
        var keymap = Keymap.standard
        let file = "{\"bindings\": {\"nav.up\": [\(many("ctrl"))], \"nav.down\": [\(many("alt"))]}}"
        let problems = keymap.applyOverrides(Array(file.utf8), file: "k.json")
        #expect(problems.filter { $0.message == "more than 16 keys; the first 16 are used" }.count == 2)
        #expect(keymap.keys(for: "nav.up").count == Keymap.maximumKeysPerAction)
    }

    @Test func navigationActionsMap() {
        #expect(Keymap.navigation("nav.pageDown") == .pageDown)
        #expect(Keymap.navigation("app.quit") == nil)
    }
}

@Suite struct KeymapFileTests {
    @Test func missingFileIsFineAndARealOneApplies() throws {
        var keymap = Keymap.standard
        #expect(keymap.applyOverrides(fromFile: "/nonexistent/lazer/keymap.json").isEmpty)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-keymap-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try "{\"bindings\": {\"app.quit\": \"ctrl+q\"}}".write(to: url, atomically: true, encoding: .utf8)
        #expect(keymap.applyOverrides(fromFile: url.path).isEmpty)
        #expect(keymap.keys(for: "app.quit").map(\.description) == ["ctrl+q"])
    }

    @Test("a FIFO, a device, a folder or a file over 1 MiB is a problem that changes nothing, never a hang")
    func nonRegularFilesAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-keymap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let big = folder.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: Keymap.maximumFileSize + 1).write(to: big)
        let cases = [
            (fifo, "a FIFO (named pipe), not a regular file"), ("/dev/zero", "a device, not a regular file"),
            (folder.path, "a folder, not a regular file"), (big.path, "larger than the 1 MiB limit"),
        ]
        for (path, reason) in cases {
            var keymap = Keymap.standard
            let problems = keymap.applyOverrides(fromFile: path)
            #expect(problems.count == 1, "\(path)")
            #expect(problems.first?.location == "\(path):1:1")
            #expect(problems.first?.message.contains(reason) == true, "\(problems)")
            #expect(keymap.bindings == Keymap.standard.bindings)
        }
    }
}
