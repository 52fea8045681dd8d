/// Query and selection of a `CommandPalette`, and the fuzzy-ranked matches.
package struct CommandPaletteState: Hashable, Sendable {
    /// One ranked hit: the command index, its score and the matched character offsets.
    package struct Match: Hashable, Sendable {
        package var index: Int
        package var score: Int
        package var positions: [Int]
    }

    package var query = TextEditorState(singleLine: true)
    package var list = TableState()

    package init() {}

    /// Commands matching the query, best first (ties keep the original order).
    package func matches(in commands: [String]) -> [Match] {
        let text = query.text
        var result: [Match] = []
        for (index, command) in commands.enumerated() {
            if let hit = TextMatch.fuzzy(text, in: command) {
                result.append(Match(index: index, score: hit.score, positions: hit.positions))
            }
        }
        return result.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    }

    /// The command index Enter would run.
    package func chosen(in commands: [String]) -> Int? {
        let matches = matches(in: commands)
        guard let selected = list.selected, matches.indices.contains(selected) else { return nil }
        return matches[selected].index
    }

    /// Typing edits the query (selection goes back to the best hit); up/down move.
    package mutating func handle(_ event: Event, commands: [String]) -> Bool {
        if case .key(let key) = event {
            switch key.key {
            case .up:
                list.apply(.up, count: matches(in: commands).count)
                return true
            case .down:
                list.apply(.down, count: matches(in: commands).count)
                return true
            case .pageUp, .pageDown:
                list.apply(key.key == .pageUp ? .pageUp : .pageDown, count: matches(in: commands).count)
                return true
            default: break
            }
        }
        let before = query.text
        let handled = query.handle(event)
        if query.text != before { list = TableState(selected: 0) }
        return handled
    }
}
