import Foundation
import Futures
import FuturesTesting
import HTTPCore
import RegularFiles
import Testing
import Workspace

/// Workspace errors a user can meet read as plain language through the same translator as
/// transport errors: a specific title, what happened, what to do, and no placeholder left unfilled.
@Suite struct ErrorTranslationTests {
    private func translate(_ error: any Error) -> Translation {
        ErrorTranslator.standard.translate(error)
    }

    /// Fails when a text is the translator's fallback or still holds one of the error's placeholders.
    private func expectComplete(_ translation: Translation, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(translation.title != "Something went wrong", sourceLocation: sourceLocation)
        #expect(!translation.explanation.isEmpty && !translation.hint.isEmpty, sourceLocation: sourceLocation)
        let placeholders = [
            "{operation}", "{path}", "{file}", "{reason}", "{location}", "{variable}", "{name}", "{cycle}", "{known}",
            "{text}", "{environment}", "{route}",
        ]
        for text in [translation.title, translation.explanation, translation.hint] {
            for placeholder in placeholders {
                #expect(
                    !text.contains(placeholder), "\(placeholder) left in \"\(text)\"", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Saving

    @Test func aSaveConflictSaysNothingWasWrittenAndHowToGoOn() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        try folder.write(Fixtures.minimal(replacing: "\"Sample\"", with: "\"Edited elsewhere\""), to: "x.json")
        document.collection.name = "Mine"
        let error = try #require(throws: SaveError.self) { try CollectionStore.save(&document) }
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "x.json changed on disk")
        #expect(translation.explanation.contains(folder.file("x.json")))
        #expect(translation.explanation.contains("saved nothing"))
        #expect(translation.hint.contains("Reload"))
        #expect(translation.technicalDetail.hasPrefix("SaveError: "))
    }

    @Test func aSaveIntoAFolderThatIsGoneNamesTheCause() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        try FileManager.default.removeItem(atPath: folder.path)
        document.collection.name = "Mine"
        let error = try #require(throws: SaveError.self) { try CollectionStore.save(&document) }
        guard case .fileSystem(let failure) = error else {
            Issue.record("expected a file-system failure, got \(error)")
            return
        }
        #expect(failure.errorNumber == ENOENT)
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "Collection not saved")
        #expect(translation.explanation.contains(folder.path))
        #expect(translation.explanation.hasSuffix("The file on disk is unchanged."))
        #expect(translation.hint == "Check the path, or open the folder where the file is now.")
    }

    @Test func aSaveBlockedByAnotherLazerSaysToWait() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        document.collection.name = "Mine"
        let held = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(held >= 0)
        defer { close(held) }
        try #require(flock(held, LOCK_EX | LOCK_NB) == 0)
        let error = try #require(throws: SaveError.self) {
            try CollectionStore.save(&document, lockPatience: .milliseconds(50))
        }
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "Collection not saved")
        #expect(translation.explanation.contains("another lazer is still saving"))
        #expect(translation.hint == "Wait until the other Lazer has finished saving, then try again.")
    }

    @Test func secretsThatCannotBeStoredExplainWhyTheCollectionWasNotSaved() {
        let error = SaveError.secrets(
            FileSystemError(
                operation: "create", path: "/home/ada/.local/state/lazer/secrets.json",
                reason: "No space left on device",
                errorNumber: ENOSPC))
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "Collection not saved: its secrets could not be stored")
        #expect(translation.explanation.contains("/home/ada/.local/state/lazer/secrets.json"))
        #expect(translation.explanation.contains("never in the collection file"))
        #expect(translation.hint.contains("Free some space"))
    }

    // MARK: - File-system errors

    @Test(arguments: [
        (EACCES, "workspace.permissionDenied", "No permission to write x.json", "ls -l"),
        (EPERM, "workspace.permissionDenied", "No permission to write x.json", "ls -l"),
        (ENOSPC, "workspace.diskFull", "The disk is full", "Free some space"),
        (EDQUOT, "workspace.diskFull", "The disk is full", "Free some space"),
        (ENOENT, "workspace.fileNotFound", "x.json does not exist", "Check the path"),
        (EROFS, "workspace.readOnlyDisk", "The disk is read-only", "writable disk"),
        (EIO, "workspace.fileSystem", "Could not write x.json", "Check that the path exists"),
    ])
    func fileSystemErrorsAreTranslatedByCause(number: Int32, key: String, title: String, hint: String) {
        let error = FileSystemError(
            operation: "write", path: "/work/Collections/x.json", reason: String(cString: strerror(number)),
            errorNumber: number)
        #expect(error.translationKey == key)
        #expect(TranslationCatalog.isValidKey(key))
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == title)
        #expect(translation.explanation.contains("/work/Collections/x.json"))
        #expect(translation.hint.contains(hint))
    }

    @Test func aFolderThatCannotBeOpenedSaysWhichAndWhy() throws {
        let error = try #require(throws: FileSystemError.self) { try WorkspaceFolder.open("/nonexistent/lazer/folder") }
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "Could not list folder")
        #expect(
            translation.explanation
                == "Lazer could not list /nonexistent/lazer/folder: no such folder, or not readable.")
    }

    @Test func anOverrideFileMayRewordAWorkspaceError() throws {
        let data = Data(#"{"translations": {"workspace.saveConflict": {"hint": "Ask before overwriting."}}}"#.utf8)
        let translator = ErrorTranslator(overrides: try TranslationOverrides.parse(data, path: "t.json"))
        let translation = translator.translate(SaveError.conflict(path: "/c/x.json"))
        #expect(translation.title == "x.json changed on disk")
        #expect(translation.hint == "Ask before overwriting.")
    }

    // MARK: - Variables

    private func problems(_ text: String, _ scope: VariableScope) -> [VariableProblem] {
        var resolver = VariableResolver(scope: scope)
        _ = resolver.resolve(text, at: "headers[0].value")
        return resolver.problems
    }

    @Test func anUndefinedVariableSaysWhereItIsUsedAndWhereValuesComeFrom() throws {
        let problem = try #require(problems("Bearer {{token}}", VariableScope()).first)
        let translation = translate(problem)
        expectComplete(translation)
        #expect(translation.title == "{{token}} is not defined")
        #expect(translation.explanation.hasPrefix("headers[0].value uses {{token}}"))
        #expect(translation.explanation.contains("LAZER_VAR_token"))
        #expect(translation.hint.contains("LAZER_VAR_token"))
    }

    @Test func aLoopOfVariablesIsShownAsALoop() throws {
        let scope = VariableScope(collection: [
            Variable(name: "a", value: "{{b}}"), Variable(name: "b", value: "{{a}}"),
        ])
        let problem = try #require(problems("{{a}}", scope).first)
        let translation = translate(problem)
        expectComplete(translation)
        #expect(translation.title == "Variables refer to each other in a loop")
        #expect(translation.explanation.contains("a → b → a"))
    }

    @Test func anUnknownDynamicValueListsTheKnownOnes() throws {
        let problem = try #require(problems("{{$uid}}", VariableScope()).first)
        let translation = translate(problem)
        expectComplete(translation)
        #expect(translation.title == "{{$uid}} is not a dynamic value")
        #expect(translation.explanation.contains("{{$uuid}}, {{$timestamp}}"))
    }

    @Test func aMalformedPlaceholderAndABadBaseURLGetTheirOwnHints() throws {
        let placeholder = try #require(problems("{{not closed", VariableScope()).first)
        let translation = translate(placeholder)
        expectComplete(translation)
        #expect(translation.title == "Something in headers[0].value cannot be filled in")
        #expect(translation.hint.contains("two braces"))

        let provider = EnvironmentServerProvider()
        let environment = Environment(name: "staging", baseURL: "api.staging.example")
        let baseURL = try #require(provider.select(environment, scope: VariableScope()).first)
        let card = translate(baseURL)
        expectComplete(card)
        #expect(card.title == "Something in environments[staging].baseURL cannot be filled in")
        #expect(card.explanation == "api.staging.example: not an absolute http(s) URL.")
        #expect(card.hint.contains("http:// or https://"))
    }

    // MARK: - Mock routes

    @Test func aBrokenMockRouteNamesTheEnvironmentAndTheRoute() throws {
        let environment = Environment(
            name: "offline", kind: .mock, baseURL: "http://mock.test",
            routes: [SavedMockRoute(method: .get, path: "/a/*/b", responses: [SavedMockResponse(status: 200)])])
        let selector = DispatcherSelector(
            live: RecordingDispatcher(scheduler: ManualScheduler()), scheduler: ManualScheduler())
        let error = try #require(throws: MockRouteError.self) {
            try selector.mockDispatcher(for: environment, collectionID: "c", baseFolder: "/")
        }
        #expect(error.environment == "offline")
        #expect(error.route == "GET /a/*/b")
        let translation = translate(error)
        expectComplete(translation)
        #expect(translation.title == "Mock route GET /a/*/b is broken")
        #expect(translation.explanation.contains("\"offline\""))
        #expect(translation.explanation.contains("* can only be the last segment"))
        #expect(translation.hint.contains("* may only be the last segment"))
    }

    @Test func everyWorkspaceKeyMayBeOverridden() {
        let errors: [any TranslatableError] = [
            SaveError.conflict(path: "/x"), SaveError.fileSystem(FileSystemError(operation: "", path: "", reason: "")),
            SaveError.secrets(FileSystemError(operation: "", path: "", reason: "")),
            FileSystemError(operation: "lock", path: "/x", reason: "busy", errorNumber: EWOULDBLOCK),
            VariableProblem(kind: .unresolved("a"), location: "url"),
            VariableProblem(kind: .cycle(["a", "a"]), location: "url"),
            VariableProblem(kind: .unknownDynamic("a"), location: "url"),
            VariableProblem(kind: .malformed("a", reason: "b"), location: "url"),
            MockRouteError(environment: "m", route: "/", problem: .bodyEncodingFailed("x")),
        ]
        for error in errors {
            #expect(TranslationCatalog.isValidKey(error.translationKey), "\(error.translationKey)")
            #expect(error.translationKey.hasPrefix("workspace."))
        }
    }
}
