/// The declarative table of actions and keys. The same table resolves key presses, produces the
/// status bar's key hints and the help overlay, and takes user overrides, so what the screen says
/// always matches what the keys do.
package struct Keymap: Sendable, Equatable {
    package private(set) var bindings: [KeyBinding]
    /// Contexts that take keys before `global` on purpose while they are active (a completion
    /// list takes Tab while it is open): a global key bound there too is not a conflict.
    package var shadowingContexts: Set<String> = []

    package init(_ bindings: [KeyBinding], shadowingContexts: Set<String> = []) {
        self.bindings = bindings
        self.shadowingContexts = shadowingContexts
    }

    /// Navigation, search and app keys every screen shares: arrows and vim keys both work.
    package static let standard = Keymap([
        KeyBinding("nav.up", keys: ["up", "k"], help: "Move up"),
        KeyBinding("nav.down", keys: ["down", "j"], help: "Move down"),
        KeyBinding("nav.left", keys: ["left", "h"], help: "Collapse / go to parent / previous column"),
        KeyBinding("nav.right", keys: ["right", "l"], help: "Expand / open / next column"),
        KeyBinding("nav.pageUp", keys: ["pgup", "ctrl+b"], help: "Page up"),
        KeyBinding("nav.pageDown", keys: ["pgdn", "ctrl+f"], help: "Page down"),
        KeyBinding("nav.top", keys: ["home", "g g"], help: "Go to the top"),
        KeyBinding("nav.bottom", keys: ["end", "G"], help: "Go to the bottom"),
        KeyBinding("search.start", keys: ["/"], help: "Search / filter", hint: "search"),
        KeyBinding("search.next", keys: ["n"], help: "Next match"),
        KeyBinding("search.previous", keys: ["N"], help: "Previous match"),
        KeyBinding("focus.next", keys: ["tab"], help: "Next pane"),
        KeyBinding("focus.previous", keys: ["shift+tab"], help: "Previous pane"),
        KeyBinding("app.palette", keys: ["ctrl+p", ":"], help: "Command palette", hint: "commands"),
        KeyBinding("app.help", keys: ["?", "F1"], help: "Show this help", hint: "help"),
        KeyBinding("app.theme", keys: ["ctrl+t"], help: "Next colour theme"),
        KeyBinding("app.quit", keys: ["q", "ctrl+c"], help: "Quit", hint: "quit"),
    ])

    /// The navigation action an action name stands for, if any.
    package static func navigation(_ action: String) -> NavigationAction? {
        switch action {
        case "nav.up": .up
        case "nav.down": .down
        case "nav.left": .left
        case "nav.right": .right
        case "nav.pageUp": .pageUp
        case "nav.pageDown": .pageDown
        case "nav.top": .top
        case "nav.bottom": .bottom
        default: nil
        }
    }

    /// This keymap with `other`'s bindings added (same action name: `other` wins).
    package func merging(_ other: [KeyBinding]) -> Keymap {
        var result = bindings
        for binding in other {
            if let index = result.firstIndex(where: { $0.action == binding.action && $0.context == binding.context }) {
                result[index] = binding
            } else {
                result.append(binding)
            }
        }
        return Keymap(result)
    }

    package func binding(for action: String) -> KeyBinding? {
        bindings.first { $0.action == action }
    }

    package func keys(for action: String) -> [KeySequence] {
        binding(for: action)?.keys ?? []
    }

    /// Status-bar hints for the given actions, showing each action's first key.
    package func hints(for actions: [String]) -> [KeyHint] {
        actions.compactMap { action in
            guard let binding = binding(for: action), let first = binding.keys.first else { return nil }
            return KeyHint(first.description, binding.hint ?? binding.help.lowercased())
        }
    }

    /// Two actions that share a key (or where one's keys begin another's) in overlapping contexts.
    package func conflicts() -> [KeymapProblem] {
        var problems: [KeymapProblem] = []
        for (i, a) in bindings.enumerated() {
            for b in bindings[(i + 1)...]
            where a.context == b.context
                || (a.context == "global" && !shadowingContexts.contains(b.context))
                || (b.context == "global" && !shadowingContexts.contains(a.context))
            {
                for x in a.keys {
                    for y in b.keys {
                        if x == y {
                            problems.append(
                                KeymapProblem(message: "\"\(x)\" is bound to both \(a.action) and \(b.action)"))
                        } else if x.isPrefix(of: y) || y.isPrefix(of: x) {
                            let (short, long) = x.isPrefix(of: y) ? (x, y) : (y, x)
                            problems.append(
                                KeymapProblem(
                                    message:
                                        "\"\(short)\" (\(x == short ? a.action : b.action)) hides \"\(long)\" (\(x == short ? b.action : a.action))"
                                )
                            )
                        }
                    }
                }
            }
        }
        return problems
    }

    /// Lines for the help overlay: each action's keys and what it does, for the given contexts.
    package func helpLines(contexts: [String] = ["global"], keyStyle: Style = Style(modifiers: .bold)) -> [Line] {
        let shown = bindings.filter { contexts.contains($0.context) && !$0.keys.isEmpty }
        let keyTexts = shown.map { $0.keys.map(\.description).joined(separator: ", ") }
        let width = min(24, keyTexts.map { CharacterWidth.of($0) }.max() ?? 0)
        return zip(shown, keyTexts).map { binding, keys in
            let padding = String(repeating: " ", count: max(1, width - CharacterWidth.of(keys) + 2))
            return Line([Span(keys, style: keyStyle), Span(padding + binding.help)])
        }
    }

    /// Replaces bindings from a user file (format in docs/keymap.md). The user's keys win: a key
    /// they bind is taken away from any other action that had it, and each such case is reported,
    /// as are unknown actions and unparsable keys. A broken file changes nothing.
    package mutating func applyOverrides(_ bytes: [UInt8], file: String) -> [KeymapProblem] {
        let root: JSONSourceValue
        do {
            root = try JSONSourceParser.parse(bytes, file: file)
        } catch {
            return [KeymapProblem(location: "\(error.file):\(error.line):\(error.column)", message: error.message)]
        }
        func location(_ value: JSONSourceValue) -> String { "\(file):\(value.position.line):\(value.position.column)" }
        guard case .object(let members, _, _) = root,
            let entry = members.first(where: { $0.key == "bindings" }), case .object(let actions, _, _) = entry.value
        else {
            return [
                KeymapProblem(location: location(root), message: "expected {\"bindings\": {\"action\": [\"key\", …]}}")
            ]
        }
        var problems: [KeymapProblem] = []
        var updated = bindings
        for action in actions {
            let place = "\(file):\(action.line):\(action.column)"
            guard let index = updated.firstIndex(where: { $0.action == action.key }) else {
                let known = Set(updated.map(\.action))
                let guess = Self.closest(to: action.key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                problems.append(
                    KeymapProblem(
                        location: place, message: "unknown action \"\(VisibleText.sanitize(action.key))\"\(guess)"))
                continue
            }
            let texts: [JSONSourceValue]
            switch action.value {
            case .array(let items, _, _): texts = items
            case .string: texts = [action.value]
            default:
                problems.append(KeymapProblem(location: place, message: "keys must be a string or a list of strings"))
                continue
            }
            var sequences: [KeySequence] = []
            // Conflicts are checked pairwise, so keys without bound would make a hostile file hang
            // the start-up (two actions with 100,000 keys each); no action needs more than a few.
            if texts.count > Self.maximumKeysPerAction {
                problems.append(
                    KeymapProblem(
                        location: place,
                        message:
                            "more than \(Self.maximumKeysPerAction) keys; the first \(Self.maximumKeysPerAction) are used"
                    ))
            }
            for text in texts.prefix(Self.maximumKeysPerAction) {
                guard case .string(let spec, _, _) = text, let sequence = KeySequence(spec) else {
                    problems.append(
                        KeymapProblem(
                            location: location(text),
                            message: "not a key: \(text.kind == "a string" ? "" : text.kind)\(Self.quote(text))"))
                    continue
                }
                sequences.append(sequence)
            }
            let context = updated[index].context
            for sequence in sequences {
                for other in updated.indices
                where other != index
                    && (updated[other].context == context || updated[other].context == "global" || context == "global")
                    && updated[other].keys.contains(sequence)
                {
                    updated[other].keys.removeAll { $0 == sequence }
                    problems.append(
                        KeymapProblem(
                            location: place,
                            message: "\"\(sequence)\" was bound to \(updated[other].action); it now runs \(action.key)"
                        )
                    )
                }
            }
            updated[index].keys = sequences
        }
        bindings = updated
        problems += conflicts()
        return problems
    }

    /// The most keys a keymap file can give one action.
    package static let maximumKeysPerAction = 16

    private static func quote(_ value: JSONSourceValue) -> String {
        if case .string(let text, _, _) = value { return "\"\(VisibleText.sanitize(text))\"" }
        return ""
    }
}
