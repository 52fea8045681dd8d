import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Unsaved environment changes and a collection file changed by another program: the question
/// says what happens to them, "keep mine" keeps them over the file's version (as request drafts
/// are kept), "take theirs" drops them.
struct EnvironmentConflictTests {
    private static let alpha = TestCollections.alphaID

    /// Alpha with prod's base URL edited here, and its file then changed by another program (a
    /// request's URL).
    private func editedThenChangedOnDisk() throws -> ReducerFixture {
        var fixture = try ReducerFixture()
        fixture.driver.reduce(
            .event(.key(KeyEvent(.function(2)))))
        fixture.driver.press("j", "e", "enter")
        fixture.driver.type("http://127.0.0.1:1")
        fixture.driver.press("enter", "esc", "esc")
        #expect(fixture.driver.state.environmentChangeCount == 1)
        let path = fixture.folder.path("alpha.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #""url": "/users/:id""#, with: #""url": "/people/:id""#).write(
            toFile: path, atomically: true, encoding: .utf8)
        fixture.driver.reduce(
            .fileChanged(ExplorerReducerDriver.load(path, processEnvironment: TestCollections.environment)))
        #expect(fixture.driver.render().contains("1 unsaved change to environments or variables stay"))
        fixture.driver.advance(by: .seconds(1))
        return fixture
    }

    private func prod(_ fixture: ReducerFixture) -> Environment? {
        fixture.driver.state.document(collectionID: Self.alpha)?.collection.environment(named: "prod")
    }

    @Test func keepMineKeepsTheEnvironmentChangesOverTheFilesVersion() throws {
        var fixture = try editedThenChangedOnDisk()
        fixture.driver.press("alt+k")
        let collection = try #require(fixture.driver.state.document(collectionID: Self.alpha)?.collection)
        #expect(collection.request(id: "a-user")?.url == "/people/:id")
        #expect(prod(fixture)?.baseURL == "http://127.0.0.1:1")
        #expect(fixture.driver.state.environmentChangeCount == 1)
        #expect(
            fixture.driver.state.toast?.message
                == "Kept your environment changes (unsaved) over the new version of alpha.json")
    }

    @Test func takeTheirsDropsThem() throws {
        var fixture = try editedThenChangedOnDisk()
        fixture.driver.press("alt+t")
        #expect(prod(fixture)?.baseURL == "https://api.example.com")
        #expect(fixture.driver.state.environmentChangeCount == 0)
    }
}
