import TUI
import Testing

/// The fuzzy matcher behind the command palette and the collections filter: every query
/// character in order, scored so that word starts and runs rank higher, best placement chosen.
@Suite struct TextMatchTests {
    @Test("a query with letters left out finds the name (updte → Update project); case and spaces do not matter")
    func lettersLeftOut() throws {
        let hit = try #require(TextMatch.fuzzy("updte", in: "Update project"))
        #expect(hit.positions == [0, 1, 2, 4, 5])
        #expect(TextMatch.fuzzy("UPD proj", in: "Update project") != nil)
        #expect(TextMatch.fuzzy("udpate", in: "Update project") == nil)
        #expect(TextMatch.fuzzy("projects", in: "Update project") == nil)
    }

    @Test("the best placement, not the first: pr is the start of project, not the p of Update")
    func bestPlacement() throws {
        let hit = try #require(TextMatch.fuzzy("pr", in: "Update project"))
        #expect(hit.positions == [7, 8])
        let camel = try #require(TextMatch.fuzzy("gp", in: "getProject"))
        #expect(camel.positions == [0, 3])
    }

    @Test("best first: word starts and consecutive letters rank above scattered ones; length alone does not count")
    func ranking() throws {
        let names = ["Duplicate the template", "Update project", "Upload a file to the project"]
        let ranked = names.compactMap { name in TextMatch.fuzzy("updpro", in: name).map { (name, $0.score) } }
            .sorted { $0.1 > $1.1 }.map(\.0)
        #expect(ranked == ["Update project", "Upload a file to the project"])
        let word = try #require(TextMatch.fuzzy("sr", in: "Send request")?.score)
        let scattered = try #require(TextMatch.fuzzy("sr", in: "Assertion results")?.score)
        #expect(word > scattered)
        let short = try #require(TextMatch.fuzzy("list", in: "List tasks")?.score)
        let long = try #require(TextMatch.fuzzy("list", in: "List tasks of every project in the workspace")?.score)
        #expect(short == long)
    }

    @Test("the palette ranks its commands with it, best first; commands matched alike keep the table's order")
    func paletteBestFirst() {
        let commands = [
            "Copy as curl (secrets as shell variables)", "Copy as curl (secrets revealed)", "Update project",
            "Send request",
        ]
        var state = CommandPaletteState()
        _ = state.handle(.paste("updte"), commands: commands)
        #expect(state.matches(in: commands).map { commands[$0.index] } == ["Update project"])
        var curl = CommandPaletteState()
        _ = curl.handle(.paste("cpycrl"), commands: commands)
        // The revealing one is shorter; it must not come first.
        #expect(curl.matches(in: commands).map(\.index) == [0, 1])
    }
}
