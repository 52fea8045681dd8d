import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// Drafts, saving, quitting, recovered drafts and conflicts in the reducer.
struct DraftReducerTests {
    private let users = TestCollections.key("a-users")

    private func fixture(_ request: String = "a-users") throws -> ReducerFixture {
        try ReducerFixture(startup: StartupRequest(request: request))
    }

    private func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    @Test func anEditMakesADraftWithDirtyMarkersAndUndoingItDropsTheDraft() throws {
        var fixture = try fixture()
        let effects = fixture.driver.typeAtEndOfURLPath("x")
        #expect(fixture.driver.state.drafts[users]?.url == "/usersx")
        #expect(fixture.driver.state.savedRequest(users)?.url == "/users")
        #expect(effects.storedDrafts.last?[users]?.url == "/usersx")
        let screen = fixture.driver.render()
        #expect(lines(screen).contains { $0.contains("● GET   List users") })
        #expect(screen.contains("Request · List users ●"))
        #expect(screen.contains("lazer · Alpha ●"))
        #expect(lines(screen).contains { $0.contains("▾ Alpha ●") })
        #expect(screen.contains("● 1 unsaved"))
        let undone = fixture.driver.press("backspace")
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(undone.storedDrafts.last?.isEmpty == true)
        let clean = fixture.driver.render()
        #expect(!clean.contains("unsaved"))
        #expect(!clean.contains("●"))
    }

    @Test func draftsSurviveSwitchingRequests() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/mine")
        fixture.driver.press("esc", "g", "1", "j")
        #expect(fixture.driver.state.selection == TestCollections.key("a-user"))
        #expect(fixture.driver.state.editor.url.text == "/users/:id")
        fixture.driver.press("k")
        #expect(fixture.driver.state.selection == users)
        #expect(fixture.driver.state.editor.url.text == "/users/mine?limit={{limit}}")
        #expect(fixture.driver.state.drafts.count == 1)
    }

    @Test func ctrlSSavesADocumentThatDiffersFromTheSavedOneOnlyInTheEditedRequest() throws {
        var fixture = try fixture()
        let original = try #require(fixture.driver.state.document(collectionID: TestCollections.alphaID))
        // Headers tab, value column of the first header, edit it.
        fixture.driver.press("]", "right", "enter")
        #expect(fixture.driver.state.isTyping)
        fixture.driver.type(";q=0.9")
        let effects = fixture.driver.press("ctrl+s")
        let save = try #require(effects.saves.first)
        #expect(effects.saves.count == 1)
        #expect(save.overwrite == false)
        #expect(save.document.path == original.path)
        var expected = original.collection
        expected.updateRequest(id: "a-users") { $0.headers[0].value = "application/json;q=0.9" }
        #expect(save.document.collection == expected)
        #expect(save.document.collection != original.collection)
        // The program saves it and hands the saved document back: the draft is done.
        fixture.driver.reduce(.saved(collectionID: TestCollections.alphaID, .success(save.document)))
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.toast?.message == "Saved alpha.json")
        #expect(fixture.driver.state.savedRequest(users)?.headers.first?.value == "application/json;q=0.9")
    }

    @Test func savingWithNothingEditedSaysSoAndWritesNothing() throws {
        var fixture = try fixture()
        #expect(fixture.driver.press("ctrl+s").isEmpty)
        #expect(fixture.driver.state.toast?.message == "No unsaved changes in Alpha")
        // With another request's draft in the collection, it does not say there are none.
        fixture.driver.typeAtEndOfURLPath("/x")
        fixture.driver.press("esc", "g", "1", "j")
        #expect(fixture.driver.press("ctrl+s").isEmpty)
        #expect(
            fixture.driver.state.toast?.message
                == "This request has no unsaved edits; 1 other in Alpha has (Save all: Ctrl+P)")
    }

    @Test func aFailedSaveKeepsTheDraftAndSaysWhy() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("x")
        fixture.driver.press("ctrl+s")
        fixture.driver.reduce(
            .saved(
                collectionID: TestCollections.alphaID,
                .failure(SaveFailure(message: "Permission denied: alpha.json", isConflict: false))))
        #expect(fixture.driver.state.drafts[users]?.url == "/usersx")
        #expect(fixture.driver.state.toast?.message == "Not saved: Permission denied: alpha.json")
        #expect(fixture.driver.state.toast?.kind == .error)
    }

    @Test func quittingWithNothingUnsavedQuitsAtOnce() throws {
        for key in ["q", "ctrl+q"] {
            var fixture = try fixture()
            let effects = fixture.driver.press(key)
            #expect(effects.quits, "\(key) quits")
            #expect(effects.storedDrafts == [[:]])
            #expect(fixture.driver.state.quitting)
        }
    }

    @Test func quittingWithDraftsAsksSaveAllDiscardOrCancel() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("x")
        // q types while the URL has the keyboard; Ctrl+Q asks.
        #expect(!fixture.driver.press("q").quits)
        #expect(fixture.driver.state.drafts[users]?.url == "/usersxq")
        #expect(fixture.driver.press("ctrl+q").isEmpty)
        guard case .quitPrompt? = fixture.driver.state.overlay else {
            Issue.record("quitting with a draft asks")
            return
        }
        let screen = fixture.driver.render()
        #expect(screen.contains("Unsaved edits"))
        #expect(screen.contains("1 request has unsaved edits."))
        #expect(screen.contains("thrown away, with no undo"))
        #expect(
            screen.contains("Save all (Alt+S)") && screen.contains("Discard (Alt+D)") && screen.contains("Cancel (Esc)")
        )
        // Cancel (a bare letter answers nothing).
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("s", "d", "c")
        #expect(fixture.driver.state.overlay != nil)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
        #expect(!fixture.driver.state.quitting)
        #expect(fixture.driver.state.drafts.count == 1)
        // Discard.
        fixture.driver.press("ctrl+q")
        fixture.driver.advance(by: .seconds(1))
        let discarded = fixture.driver.press("alt+d")
        #expect(discarded.quits)
        #expect(discarded.storedDrafts == [[:]])
        #expect(fixture.driver.state.drafts.isEmpty)
    }

    @Test func saveAllFromTheQuitPromptSavesThenQuits() throws {
        var fixture = try ReducerFixture(
            [TestCollections.alpha, TestCollections.beta], startup: StartupRequest(request: "a-users"))
        fixture.driver.typeAtEndOfURLPath("x")
        fixture.driver.press("esc", "g", "1", "G")
        #expect(fixture.driver.state.selection == TestCollections.key("b-ping", in: TestCollections.betaID))
        fixture.driver.press("alt+m")
        #expect(fixture.driver.state.drafts.count == 2)
        fixture.driver.press("q")
        fixture.driver.advance(by: .seconds(1))
        // Nothing is highlighted at first; the arrows highlight; Enter chooses.
        fixture.driver.press("right", "right", "left")
        let effects = fixture.driver.press("enter")
        #expect(!effects.quits)
        #expect(effects.saves.map(\.document.collection.name).sorted() == ["Alpha", "Beta"])
        for save in effects.saves {
            fixture.driver.reduce(.saved(collectionID: save.document.collection.id, .success(save.document)))
        }
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.quitting)
    }

    @Test func recoveredDraftsAreOfferedAndRestored() throws {
        var fixture = try fixture()
        var draft = try #require(fixture.driver.state.savedRequest(users))
        draft.url = "/users/recovered"
        let unchanged = try #require(fixture.driver.state.savedRequest(TestCollections.key("a-user")))
        var unknown = draft
        unknown.id = "gone"
        unknown.name = "Deleted since"
        fixture.driver.reduce(
            .draftsFound([
                users: draft, TestCollections.key("a-user"): unchanged, TestCollections.key("gone"): unknown,
            ]))
        guard case .recoverDrafts(let count, _)? = fixture.driver.state.overlay else {
            Issue.record("recovered drafts are offered")
            return
        }
        // A draft equal to the saved request is not offered; one of a request deleted since is
        // (it used to be only named, and could not be reached).
        #expect(count == 2)
        let screen = fixture.driver.render()
        #expect(screen.contains("Unsaved drafts found"))
        #expect(screen.contains("Restore (Alt+R)") && screen.contains("Discard (Alt+D)"))
        #expect(screen.contains("deleted for good"))
        #expect(screen.contains("(1 of them deleted since: added"))
        // Keys typed before it could be seen, and bare letters, answer nothing.
        fixture.driver.press("alt+d")
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("r", "d", "enter")
        #expect(fixture.driver.state.recoveredDrafts.count == 2)
        let effects = fixture.driver.press("alt+r")
        #expect(fixture.driver.state.drafts == [users: draft])
        #expect(fixture.driver.state.editor.url.text == "/users/recovered?limit={{limit}}")
        #expect(effects.storedDrafts.last == [users: draft])
        // The one of a deleted request is a request again, at the collection's top level, saved.
        #expect(fixture.driver.state.savedRequest(TestCollections.key("gone")) == unknown)
        let save = try #require(effects.saves.first)
        #expect(effects.saves.count == 1)
        #expect(save.document.collection.request(id: "gone") == unknown)
        #expect(fixture.driver.state.navigator.rows.contains { $0.requestKey == TestCollections.key("gone") })
        #expect(
            fixture.driver.state.toast?.message
                == "Restored 1 unsaved draft · added Deleted since back to the top of Alpha (deleted since; the "
                + "draft is the request now)")
    }

    @Test func aRecoveredDraftOfADeletedRequestAloneIsOfferedAndDiscardedForGood() throws {
        var fixture = try fixture()
        var unknown = try #require(fixture.driver.state.savedRequest(users))
        unknown.id = "gone"
        fixture.driver.reduce(.draftsFound([TestCollections.key("gone"): unknown]))
        guard case .recoverDrafts(1, _)? = fixture.driver.state.overlay else {
            Issue.record("the draft of a deleted request is offered")
            return
        }
        #expect(fixture.driver.render().contains("its request was deleted since"))
        fixture.driver.advance(by: .seconds(1))
        let effects = fixture.driver.press("alt+d")
        #expect(effects.saves.isEmpty)
        #expect(fixture.driver.state.savedRequest(TestCollections.key("gone")) == nil)
        #expect(fixture.driver.state.recoveredDrafts.isEmpty)
    }

    @Test func recoveredDraftsCanBeDiscarded() throws {
        var fixture = try fixture()
        var draft = try #require(fixture.driver.state.savedRequest(users))
        draft.url = "/users/recovered"
        fixture.driver.reduce(.draftsFound([users: draft]))
        fixture.driver.advance(by: .seconds(1))
        // → highlights Restore, → again Discard; Enter takes it.
        let effects = fixture.driver.press("right", "right", "enter")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.editor.url.text == "/users?limit={{limit}}")
        #expect(effects.storedDrafts == [[:]])
        // Nothing recovered: nothing offered.
        fixture.driver.reduce(.draftsFound([users: try #require(fixture.driver.state.savedRequest(users))]))
        #expect(fixture.driver.state.overlay == nil)
    }

    // MARK: - Conflicts

    /// A draft, Ctrl+S, and the save refused because another program changed the file: the
    /// file's version is read and the question asked (and armed).
    private func editedThenConflicting() throws -> ReducerFixture {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/mine")
        fixture.driver.press("esc")
        fixture.driver.press("ctrl+s")
        try conflict(&fixture)
        return fixture
    }

    private func conflict(_ fixture: inout ReducerFixture) throws {
        let slot = try changedOnDisk(fixture)
        let effects = fixture.driver.reduce(
            .saved(
                collectionID: TestCollections.alphaID,
                .failure(SaveFailure(message: "alpha.json changed on disk", isConflict: true))))
        #expect(effects.reloads == [fixture.folder.path("alpha.json")])
        fixture.driver.reduce(.fileChanged(slot))
        fixture.driver.advance(by: .seconds(1))
    }

    @Test func aSaveConflictAsksAndKeepMineKeepsTheDraftsAsDraftsWithoutSavingThem() throws {
        var fixture = try editedThenConflicting()
        guard case .conflict(let id, _)? = fixture.driver.state.overlay else {
            Issue.record("a conflict is never resolved silently")
            return
        }
        #expect(id == TestCollections.alphaID)
        let screen = fixture.driver.render()
        #expect(screen.contains("Alpha changed on disk"))
        #expect(
            screen.contains("Keep mine (Alt+K)") && screen.contains("Take theirs (Alt+T)")
                && screen.contains("Difference (Alt+D)"))
        // What each answer does is said before it is chosen.
        let message = QuestionText.conflict(collectionID: TestCollections.alphaID, fixture.driver.state)
        #expect(message.contains("your draft of List users stays unsaved drafts over it (nothing is saved)"))
        #expect(message.contains("your draft of List users is discarded, with no undo"))
        // Bare letters are keys of the panes underneath: no answer.
        #expect(fixture.driver.press("k", "t", "d", "K", "enter").isEmpty)
        #expect(fixture.driver.state.overlay != nil)
        let effects = fixture.driver.press("alt+k")
        #expect(effects.saves.isEmpty)
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.drafts[users]?.url == "/users/mine")
        #expect(fixture.driver.state.savedRequest(users)?.url == "/users")
        #expect(fixture.driver.state.savedRequest(TestCollections.key("a-user"))?.url == "/people/:id")
        #expect(fixture.driver.state.document(collectionID: TestCollections.alphaID)?.isModified == false)
    }

    @Test func aSaveConflictCanTakeTheFileOnDisk() throws {
        var fixture = try editedThenConflicting()
        let effects = fixture.driver.press("alt+t")
        #expect(effects.saves.isEmpty)
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(effects.storedDrafts.last == [:])
        #expect(fixture.driver.state.savedRequest(TestCollections.key("a-user"))?.url == "/people/:id")
    }

    @Test func theDifferenceShowsBothSidesAndEscGoesBackToTheQuestion() throws {
        var fixture = try editedThenConflicting()
        fixture.driver.press("alt+d")
        guard case .viewer(let title, let text, _)? = fixture.driver.state.overlay else {
            Issue.record("the difference opens in a viewer")
            return
        }
        #expect(title == "What changed on disk, and what your drafts change")
        let sections = text.components(separatedBy: "What your drafts change (not saved):")
        #expect(sections.count == 2)
        let theirs = sections.first ?? ""
        let mine = sections.last ?? ""
        // Theirs: Get user's URL; mine: List users' URL.
        #expect(theirs.contains("── Get user (a-user)"))
        #expect(theirs.contains("- ") && theirs.contains("\"/users/:id\""))
        #expect(theirs.contains("+ ") && theirs.contains("\"/people/:id\""))
        #expect(mine.contains("── List users (a-users)"))
        let changed = mine.components(separatedBy: "\n").filter { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }
        #expect(changed.count == 2)
        #expect(changed.contains { $0.hasPrefix("- ") && $0.contains("\"/users\"") })
        #expect(changed.contains { $0.hasPrefix("+ ") && $0.contains("\"/users/mine\"") })
        fixture.driver.press("esc")
        guard case .conflict? = fixture.driver.state.overlay else {
            Issue.record("Esc in the difference goes back to the question")
            return
        }
        #expect(fixture.driver.state.drafts.count == 1)
    }

    /// Another explorer deleted a request this one has a draft of: "keep mine" then "save all"
    /// said "Saved" and wrote nothing, and the draft stayed unsaved (issue 34).
    @Test func aDraftOfARequestDeletedElsewhereIsSavedByAddingItBack() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/mine")
        fixture.driver.press("esc")
        var theirs = try #require(fixture.driver.state.document(collectionID: TestCollections.alphaID))
        let removed = theirs.collection.removeRequest(id: "a-users")
        #expect(removed)
        let changed = CollectionDocument(
            path: theirs.path, collection: theirs.collection, fingerprint: FileFingerprint(size: 1, hash: 42))
        fixture.driver.reduce(.fileChanged(CollectionSlot(document: changed)))
        guard case .conflict? = fixture.driver.state.overlay else {
            Issue.record("a change under a draft asks")
            return
        }
        // The question says which request went, and what each answer does with it.
        let question = QuestionText.conflict(collectionID: TestCollections.alphaID, fixture.driver.state)
        #expect(
            question.contains(
                "List users was deleted in the file: Alt+K puts it back with your draft, Alt+T lets it go."),
            "\(question)")
        fixture.driver.advance(by: .seconds(1))
        // Keep mine: the request is back where it was (as last saved), written at once, the draft
        // over it: listed, selectable, and saved by save all like any draft.
        let putBack = fixture.driver.press("alt+k")
        let restored = try #require(putBack.saves.first)
        #expect(restored.document.collection.request(id: "a-users")?.url == "/users")
        #expect(restored.document.collection.folderPath(ofRequest: "a-users") == ["Users"])
        #expect(fixture.driver.state.navigator.rows.contains { $0.requestKey == users })
        #expect(fixture.driver.state.selection == users)
        #expect(fixture.driver.state.editor.key == users)
        #expect(fixture.driver.state.drafts.count == 1)
        fixture.driver.landSaves(putBack)
        fixture.driver.press("ctrl+q")
        fixture.driver.advance(by: .seconds(1))
        let effects = fixture.driver.press("alt+s")
        let save = try #require(effects.saves.first)
        #expect(save.document.collection.request(id: "a-users")?.url == "/users/mine")
        fixture.driver.reduce(.saved(collectionID: TestCollections.alphaID, .success(save.document)))
        #expect(fixture.driver.state.drafts.isEmpty)
    }

    @Test func cyclingTheAuthSchemeBringsBackWhatWasTypedForEachScheme() throws {
        var fixture = try fixture()
        // inherit → none → basic
        fixture.driver.press("alt+4", "enter", "enter", "j", "enter")
        fixture.driver.type("ada")
        fixture.driver.press("enter", "j", "enter")
        fixture.driver.type("pw-123")
        fixture.driver.press("enter")
        // A password typed as itself is offered as a secret: left as typed here.
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("alt+n", "k", "k")
        // Past basic by one, then back: the username used to be gone.
        fixture.driver.press("right", "left")
        #expect(fixture.driver.state.drafts[users]?.auth.scheme == .basic(username: "ada", password: "pw-123"))
        // The API key's name typed there also survives a full round of the schemes.
        fixture.driver.press("right", "right", "j", "enter")
        fixture.driver.type("-2")
        fixture.driver.press("enter", "k")
        // A full round of the 11 schemes.
        for _ in 0..<11 { fixture.driver.press("right") }
        #expect(
            fixture.driver.state.drafts[users]?.auth.scheme
                == .apiKey(name: "X-Api-Key-2", value: "pw-123", location: .header))
        // apiKey → digest → aws-sigv4 → command → jwt → ntlm → negotiate → inherit → none → basic.
        for _ in 0..<9 { fixture.driver.press("right") }
        #expect(fixture.driver.state.drafts[users]?.auth.scheme == .basic(username: "ada", password: "pw-123"))
    }

    @Test func aSecretBeingTypedStaysMasked() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+4", "enter", "enter", "j", "j", "enter")
        fixture.driver.type("hunter2")
        #expect(fixture.driver.state.isTyping)
        let screen = fixture.driver.render()
        #expect(!screen.contains("hunter2"))
        #expect(screen.contains("password            •••••••"))
        fixture.driver.press("enter")
        #expect(fixture.driver.state.drafts[users]?.auth.scheme == .basic(username: "", password: "hunter2"))
    }

    @Test func theDifferenceMasksAuthSecretsButShowsThatTheyChanged() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+4", "enter", "enter", "j", "enter")
        fixture.driver.type("ada")
        fixture.driver.press("enter", "j", "enter")
        fixture.driver.type("pw-123")
        // Left as typed (not made a secret), and saved in clear as the user says.
        fixture.driver.press("enter")
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("alt+n", "ctrl+s")
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("alt+s")
        #expect(fixture.driver.state.drafts[users]?.auth.scheme == .basic(username: "ada", password: "pw-123"))
        try conflict(&fixture)
        fixture.driver.press("alt+d")
        guard case .viewer(_, let text, _)? = fixture.driver.state.overlay else {
            Issue.record("the difference opens in a viewer")
            return
        }
        #expect(!text.contains("pw-123"))
        #expect(text.contains("\"password\": \"•••••• (edited)\""))
        #expect(text.contains("\"username\": \"ada\""))
    }

    private func changedOnDisk(_ fixture: ReducerFixture) throws -> CollectionSlot {
        let path = fixture.folder.path("alpha.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #""url": "/users/:id""#, with: #""url": "/people/:id""#).write(
            toFile: path, atomically: true, encoding: .utf8)
        return ExplorerReducerDriver.load(path, processEnvironment: TestCollections.environment)
    }

    @Test func aFileChangedOnDiskWithoutDraftsIsReloadedQuietlyKeepingTheSelection() throws {
        var fixture = try fixture("a-user")
        fixture.driver.press("g", "1")
        let effects = fixture.driver.reduce(.fileChanged(try changedOnDisk(fixture)))
        #expect(effects.isEmpty)
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.selection == TestCollections.key("a-user"))
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Get user")
        #expect(fixture.driver.state.editor.url.text == "/people/:id")
        #expect(fixture.driver.state.toast?.message == "Reloaded alpha.json (changed on disk)")
    }

    @Test func aFileChangedOnDiskWithDraftsAsksAndKeepMineKeepsTheDraftsOverTheNewFile() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/mine")
        fixture.driver.press("esc")
        fixture.driver.reduce(.fileChanged(try changedOnDisk(fixture)))
        guard case .conflict? = fixture.driver.state.overlay else {
            Issue.record("drafts over a changed file ask")
            return
        }
        // Nothing changed until the user chooses.
        #expect(fixture.driver.state.savedRequest(TestCollections.key("a-user"))?.url == "/users/:id")
        fixture.driver.advance(by: .seconds(1))
        let effects = fixture.driver.press("alt+k")
        #expect(effects.saves.isEmpty)
        #expect(fixture.driver.state.savedRequest(TestCollections.key("a-user"))?.url == "/people/:id")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/mine")
    }

    @Test func aFileChangedOnDiskWithDraftsCanTakeTheirs() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/mine")
        fixture.driver.press("esc")
        fixture.driver.reduce(.fileChanged(try changedOnDisk(fixture)))
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("alt+t")
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.editor.url.text == "/users?limit={{limit}}")
        #expect(fixture.driver.state.savedRequest(TestCollections.key("a-user"))?.url == "/people/:id")
    }

    // MARK: - Editing the fields

    /// Esc after typing a long line: the body is shown from its first column again (it stayed
    /// scrolled sideways, `{"` hidden); typing again resumes where the cursor was.
    @Test func aBodyScrolledSidewaysWhileTypingIsShownFromItsStartAfterEsc() throws {
        var fixture = try fixture("a-create")
        fixture.driver.press("alt+3")
        fixture.driver.press("enter")
        fixture.driver.press("ctrl+home")
        fixture.driver.press("end")
        fixture.driver.type(String(repeating: "x", count: 200))
        #expect(fixture.driver.state.editor.body.leftColumn > 0)
        #expect(!fixture.driver.render().contains("1 {"))
        fixture.driver.press("esc")
        #expect(!fixture.driver.state.isTyping)
        let screen = fixture.driver.render()
        #expect(screen.contains("\"name\": \"Ada\""), "\(screen)")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.body.cursor.column == 201)
    }

    @Test func bodyEditsAreCheckedAsJSONFormattedAndSwitchedBetweenKinds() throws {
        var fixture = try fixture("a-create")
        let create = TestCollections.key("a-create")
        fixture.driver.press("alt+3")
        #expect(fixture.driver.state.editor.tab == .body)
        #expect(fixture.driver.state.editor.body.text == "{\n  \"name\": \"Ada\"\n}\n")
        #expect(fixture.driver.render().contains("json  ✓ valid JSON  b kind · Alt+F format · Alt+E $EDITOR"))
        fixture.driver.press("enter")
        #expect(fixture.driver.state.isTyping)
        fixture.driver.press("ctrl+end")
        fixture.driver.press("end")
        fixture.driver.type(",")
        #expect(fixture.driver.state.editor.bodyProblem != nil)
        let problem = try #require(fixture.driver.state.editor.bodyProblem)
        #expect(fixture.driver.render().contains("✖ " + problem))
        guard case .jsonText(let text)? = fixture.driver.state.drafts[create]?.body.content else {
            Issue.record("JSON that does not parse is kept as text")
            return
        }
        #expect(text.hasSuffix("}\n,"))
        fixture.driver.press("backspace")
        #expect(fixture.driver.state.editor.bodyProblem == nil)
        #expect(fixture.driver.state.drafts[create] == nil)
        // Alt+F pretty-formats JSON typed on one line.
        fixture.driver.press("ctrl+a")
        fixture.driver.type("{\"a\":[1,2]}")
        fixture.driver.press("alt+f")
        #expect(fixture.driver.state.editor.body.text == "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n")
        guard case .json? = fixture.driver.state.drafts[create]?.body.content else {
            Issue.record("formatted JSON is stored inline")
            return
        }
        // b cycles the body kind: JSON → text → form (then multipart, file, none).
        fixture.driver.press("esc", "b")
        guard case .text? = fixture.driver.state.drafts[create]?.body.content else {
            Issue.record("b makes a JSON body text")
            return
        }
        // Text has $EDITOR but no JSON formatting.
        #expect(fixture.driver.render().contains("text  b kind · Alt+E $EDITOR"))
        #expect(!fixture.driver.render().contains("Alt+F format"))
        fixture.driver.press("b")
        #expect(fixture.driver.state.drafts[create]?.body.content == SavedBody.Content.formURLEncoded([]))
        // A table of fields offers neither JSON formatting nor $EDITOR.
        let form = fixture.driver.render()
        #expect(form.contains("form  b kind"))
        #expect(!form.contains("Alt+F format"))
        fixture.driver.press("b", "b")
        // A file reference has neither either.
        #expect(fixture.driver.render().contains("file  b kind"))
        #expect(!fixture.driver.render().contains("$EDITOR"))
        // GraphQL (issue 28) comes after file, its query the text typed so far.
        fixture.driver.press("b")
        #expect(fixture.driver.render().contains("graphql  "))
        fixture.driver.press("b")
        #expect(fixture.driver.state.drafts[create]?.body.content == SavedBody.Content.none)
        // The JSON kept for switching back is on screen, said not to be sent.
        let none = fixture.driver.render()
        #expect(none.contains("\"a\": ["))
        #expect(none.contains("none  not sent (kept for b: JSON or text)"))
    }

    @Test func altEHandsTheBodyToTheEditorWithItsExtensionAndTakesItBack() throws {
        var fixture = try fixture("a-create")
        let create = TestCollections.key("a-create")
        let effects = fixture.driver.press("alt+e")
        let edit = try #require(effects.externalEdits.first)
        #expect(edit.key == create)
        #expect(edit.fileExtension == "json")
        #expect(edit.text == "{\n  \"name\": \"Ada\"\n}\n")
        fixture.driver.reduce(
            .externalEditFinished(
                create, .body(fileExtension: "json"), text: "{\n  \"name\": \"Grace\"\n}", message: nil))
        #expect(fixture.driver.state.editor.body.text == "{\n  \"name\": \"Grace\"\n}")
        #expect(fixture.driver.state.drafts[create] != nil)
        #expect(fixture.driver.state.toast?.message == "Body updated from the editor")
        fixture.driver.reduce(
            .externalEditFinished(create, .body(fileExtension: "json"), text: nil, message: "Body unchanged"))
        #expect(fixture.driver.state.toast?.message == "Body unchanged")
    }

    @Test func theMethodCyclesAndQueryRowsSwitchOffIntoTheDraft() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+m")
        #expect(fixture.driver.state.drafts[users]?.method == .post)
        #expect(fixture.driver.render().contains("POST /users"))
        fixture.driver.press("alt+1", "space")
        #expect(fixture.driver.state.drafts[users]?.query.first?.enabled == false)
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users")
        fixture.driver.press("space")
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users?limit=10")
        // a adds a row and edits its name; Tab moves to the value; Enter commits.
        fixture.driver.press("a")
        fixture.driver.type("page")
        fixture.driver.press("enter", "right", "enter")
        fixture.driver.type("2")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.drafts[users]?.query.map(\.name) == ["limit", "page"])
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users?limit=10&page=2")
        fixture.driver.press("d")
        #expect(fixture.driver.state.drafts[users]?.query.map(\.name) == ["limit"])
        // Esc on a row just added takes it away, from the draft too (an empty row was sent).
        fixture.driver.press("a")
        #expect(fixture.driver.state.editor.query.rows.count == 2)
        let escaped = fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        #expect(fixture.driver.state.drafts[users]?.query.map(\.name) == ["limit"])
        #expect(escaped.storedDrafts.last?[users]?.query.map(\.name) == ["limit"])
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users?limit=10")
    }

    @Test func queryRowsThatDoNotFitAreCountedBesideTheTitle() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-user"))
        // (The request pane grows to 13 lines while it has the focus: eight rows do not fit.)
        fixture.driver.typeAtEndOfURLPath("?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8")
        fixture.driver.press("esc", "alt+1")
        var screen = fixture.driver.render()
        #expect(screen.contains("Query  1–"))
        #expect(screen.contains(" of 8 ↓"))
        // At the last row: the rows above are the ones hidden.
        fixture.driver.press("end")
        screen = fixture.driver.render()
        #expect(screen.contains("–8 of 8 ↑"))
        // At 120×50 they all fit: no count.
        fixture.driver.reduce(.event(.resize(Size(width: 120, height: 50))))
        #expect(!fixture.driver.render().contains(" of 8 "))
    }

    @Test func aCheckThatDoesNotReadSaysWhyInFullAt80Columns() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "2", "alt+6", "a", "ctrl+a")
        fixture.driver.type("foo bar baz")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError != nil)
        let screen = fixture.driver.render()
        #expect(screen.contains("✖ Start with status, header NAME, a JSONPath"))
        #expect(screen.contains("time, body, events, event[N] or snapshot"))
    }

    @Test func arrowsChangeAChoiceAndMoveBetweenTabsElsewhere() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+4")
        // A request without auth of its own inherits (here from nowhere: none is sent).
        #expect(fixture.driver.render().contains("‹ inherit ›"))
        fixture.driver.press("right")
        #expect(fixture.driver.state.editor.tab == .auth)
        #expect(fixture.driver.state.drafts[users]?.auth.scheme == SavedAuth.Scheme.none)
        fixture.driver.press("left")
        #expect(fixture.driver.state.editor.tab == .auth)
        #expect(fixture.driver.state.drafts[users] == nil)
        // Left from inherit goes round to the last scheme.
        fixture.driver.press("left")
        #expect(fixture.driver.render().contains("‹ negotiate ›"))
        // So do h and l, their vim keys (they switched tabs there).
        fixture.driver.press("l")
        #expect(fixture.driver.state.editor.tab == .auth)
        #expect(fixture.driver.render().contains("‹ inherit ›"))
        fixture.driver.press("h")
        #expect(fixture.driver.render().contains("‹ negotiate ›"))
        fixture.driver.press("h")
        #expect(fixture.driver.render().contains("‹ ntlm ›"))
        // On a text line they still move between tabs.
        fixture.driver.press("j", "right")
        #expect(fixture.driver.state.editor.tab == .options)
        // The help says so (it spoke of tabs only); in a table the arrows switch column (its own
        // `table.column` command).
        fixture.driver.press("F1")
        #expect(fixture.driver.render().contains("Next tab (on a ‹ choice ›: the choice)"))
    }

    @Test func addingARowOnThePathParametersAddsAQueryRow() throws {
        var fixture = try fixture("a-user")
        let user = TestCollections.key("a-user")
        // Params tab, down to the path parameters (there is no query row).
        fixture.driver.press("g", "2", "alt+1", "down")
        #expect(fixture.driver.state.editor.paramsOnPath)
        fixture.driver.press("a")
        fixture.driver.type("q")
        fixture.driver.press("tab")
        fixture.driver.type("1")
        fixture.driver.press("enter")
        // It became a path parameter no URL segment used.
        #expect(fixture.driver.state.drafts[user]?.pathParams.map(\.name) == ["id"])
        #expect(fixture.driver.state.drafts[user]?.query.map(\.name) == ["q"])
        #expect(fixture.driver.state.editor.url.text == "/users/:id?q=1")
        #expect(fixture.driver.state.toast?.message.contains("a adds a query row") == true)
    }

    @Test func aPathParameterThatComesBackInTheURLKeepsItsValue() throws {
        var fixture = try fixture("a-user")
        let user = TestCollections.key("a-user")
        fixture.driver.press("ctrl+l", "ctrl+a")
        fixture.driver.type("/x")
        #expect(fixture.driver.state.drafts[user]?.pathParams.isEmpty == true)
        for _ in 0..<10 where fixture.driver.state.editor.url.text != "/users/:id" { fixture.driver.press("ctrl+z") }
        #expect(fixture.driver.state.editor.url.text == "/users/:id")
        // Undone: its value is back (it came back empty), and so is the saved request.
        #expect(fixture.driver.state.editor.pathParams.rows.map(\.value) == ["7"])
        #expect(fixture.driver.state.drafts[user] == nil)
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users/7")
    }

    @Test func aURLLongerThanItsLineEndsInAnEllipsis() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        fixture.driver.typeAtEndOfURLPath("/" + String(repeating: "segment/", count: 8) + "END")
        fixture.driver.press("esc")
        let lines = fixture.driver.render().components(separatedBy: "\n")
        let url = try #require(lines.first { $0.contains("GET /users/segment/") })
        #expect(url.hasSuffix("…│"))
        #expect(!url.contains("END"))
        let preview = try #require(lines.first { $0.contains("→ http://dev.mock/users/segment/") })
        #expect(preview.hasSuffix("…│"))
    }

    @Test func aFormTallerThanThePaneSaysWhichLinesAreShown() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        fixture.driver.press("alt+5")
        var screen = fixture.driver.render()
        #expect(screen.contains(" of 11 ↓"))
        fixture.driver.press("end")
        screen = fixture.driver.render()
        #expect(screen.contains("–11 of 11 ↑"))
        #expect(screen.contains("HTTP version"))
    }

    @Test func aJSONBodyWithABarePlaceholderIsJSONOnceFilledNotAnError() throws {
        var fixture = try fixture("a-create")
        fixture.driver.press("alt+3", "enter", "ctrl+a")
        fixture.driver.type(#"{"id": {{limit}}, "name": "{{$uuid}}"}"#)
        #expect(fixture.driver.state.editor.bodyProblem == nil)
        #expect(fixture.driver.render().contains("✓ JSON once {{variables}} are filled"))
        fixture.driver.press("alt+f")
        #expect(fixture.driver.state.toast?.message == "Not formatted: a bare {{variable}} is JSON only once filled in")
        // Still an error when filling them in does not help.
        fixture.driver.press("ctrl+a")
        fixture.driver.type(#"{"id": {{limit}},}"#)
        #expect(fixture.driver.state.editor.bodyProblem != nil)
    }
}
