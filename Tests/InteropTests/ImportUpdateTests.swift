import HTTPCore
import Interop
import Testing
import Workspace

/// Importing a document again into the collection it came from: matched by id, then method and
/// URL; unedited requests take the new version, edited ones keep the user's edits; gone ones
/// removed unless edited; the user's own requests untouched.
@Suite struct ImportUpdateTests {
    static let from = "https://api.test/openapi.json"

    static func imported(_ requests: [SavedRequest]) -> RequestCollection {
        ImportUpdate.recording(RequestCollection(id: "api", name: "API", requests: requests), from: from)
    }

    @Test("unedited requests take the new version; edited ones keep name, checks, captures and row values")
    func editsKept() {
        let list = SavedRequest(
            id: "listTasks", name: "List tasks", url: "/tasks", query: [KeyValueRow(name: "page", value: "1")])
        let create = SavedRequest(id: "createTask", name: "Create a task", method: .post, url: "/tasks")
        var existing = Self.imported([list, create])
        existing.updateRequest(id: "listTasks") { request in
            request.name = "My list"
            request.query[0].value = "7"
            request.query.append(KeyValueRow(name: "mine", value: "x"))
            request.expectations = [Expectation(subject: .status, op: .equals, value: .integer(200))]
            request.captures = [Capture(variable: "first", source: .jsonPath("$[0].id"))]
        }
        existing.requests.append(SavedRequest(id: "own", name: "My own", url: "/mine"))
        var newList = list
        newList.query.append(KeyValueRow(name: "done", value: "false"))
        newList.description = "Now with a filter"
        var newCreate = create
        newCreate.url = "/v2/tasks"
        let (updated, summary) = ImportUpdate.update(
            existing, with: RequestCollection(id: "api-2", name: "API", requests: [newList, newCreate]), from: Self.from
        )
        #expect(summary.changed == ["List tasks", "Create a task"])
        #expect(summary.added.isEmpty && summary.removed.isEmpty && summary.unchanged == 0)
        let mine = updated.request(id: "listTasks")
        #expect(mine?.name == "My list")
        #expect(mine?.description == "Now with a filter")
        #expect(mine?.query.map(\.name) == ["page", "done", "mine"])
        #expect(mine?.query.first?.value == "7")
        #expect(mine?.expectations.count == 1 && mine?.captures.first?.variable == "first")
        #expect(updated.request(id: "createTask")?.url == "/v2/tasks")
        #expect(updated.request(id: "own") != nil)
        #expect(updated.id == "api")
        // Imported again unchanged: nothing changes, the edited request stays edited.
        let (again, second) = ImportUpdate.update(
            updated, with: RequestCollection(id: "api-2", name: "API", requests: [newList, newCreate]), from: Self.from)
        #expect(second.unchanged == 2 && second.changed.isEmpty)
        #expect(again == updated)
    }

    @Test("gone from the document: removed when unedited, kept and listed when edited; new ones added in their folder")
    func removedAndAdded() {
        let a = SavedRequest(id: "a", name: "A", url: "/a")
        let b = SavedRequest(id: "b", name: "B", url: "/b")
        var existing = Self.imported([a, b])
        existing.updateRequest(id: "b") { $0.notes = "edited" }
        let c = SavedRequest(id: "c", name: "C", url: "/c")
        let incoming = RequestCollection(id: "x", name: "API", folders: [Folder(name: "New", requests: [c])])
        let (updated, summary) = ImportUpdate.update(existing, with: incoming, from: Self.from)
        #expect(summary.removed == ["A"])
        #expect(summary.keptEdited == ["B"])
        #expect(summary.added == ["New/C"])
        #expect(updated.request(id: "a") == nil && updated.request(id: "b")?.notes == "edited")
        #expect(updated.folder(at: ["New"])?.requests.map(\.id) == ["c"])
        #expect(
            summary.lines == [
                "1 added, 0 changed, 1 removed, 1 kept (edited, gone from the document), 0 unchanged", "  + New/C",
                "  - A", "  ! B (edited; no longer in the document)",
            ])
    }

    @Test("the collection to update: the one imported from the same source, else an imported one of the same name")
    func target() {
        let other = RequestCollection(id: "1", name: "API")
        let sameName = ImportUpdate.recording(RequestCollection(id: "2", name: "API"), from: "https://elsewhere/x.json")
        let sameSource = ImportUpdate.recording(RequestCollection(id: "3", name: "Renamed"), from: Self.from)
        let incoming = RequestCollection(id: "9", name: "API")
        #expect(ImportUpdate.target(for: incoming, from: Self.from, among: [other, sameName, sameSource]) == 2)
        #expect(ImportUpdate.target(for: incoming, from: Self.from, among: [other, sameName]) == 1)
        #expect(ImportUpdate.target(for: incoming, from: Self.from, among: [other]) == nil)
    }
}
