import Foundation
import Testing
import Workspace

/// Environment and variable edits as the explorer makes them: each applied to the collection or
/// refused with a reason (changing nothing), said one line per change, and saved with secret
/// values in the secrets file only — moved with a rename, removed with a deletion.
@Suite struct EnvironmentEditTests {
    private func sample() throws -> RequestCollection {
        try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x").collection)
    }

    @Test func eachEditChangesTheCollectionAndSaysWhat() throws {
        var collection = try sample()
        #expect(
            try collection.apply(.create(name: " staging ", kind: .live, baseURL: "http://s"))
                == "Environment staging added")
        #expect(collection.environments.map(\.name) == ["local", "staging"])
        try collection.apply(.setBaseURL(environment: "staging", "http://127.0.0.1:9"))
        try collection.apply(.setKind(environment: "staging", .mock))
        #expect(collection.environment(named: "staging")?.baseURL == "http://127.0.0.1:9")
        #expect(collection.environment(named: "staging")?.kind == .mock)
        try collection.apply(.addVariable(scope: "staging", Variable(name: "key", value: "k1", secret: true)))
        try collection.apply(
            .replaceVariable(scope: "staging", index: 0, Variable(name: "key", value: "k2", secret: true)))
        #expect(
            collection.environment(named: "staging")?.variables == [Variable(name: "key", value: "k2", secret: true)])
        // The default follows a rename; a copy takes every variable (the secret value too).
        try collection.apply(.rename("local", to: "dev"))
        #expect(collection.defaultEnvironment == "dev")
        try collection.apply(.duplicate("staging", as: "staging-2"))
        #expect(
            collection.environment(named: "staging-2")?.variables == collection.environment(named: "staging")?.variables
        )
        #expect(collection.environments.map(\.name) == ["dev", "staging", "staging-2"])
        // Deleting the default moves it to the first one left, and says so.
        #expect(try collection.apply(.delete("dev")) == "Environment dev deleted; the default is now staging")
        #expect(collection.defaultEnvironment == "staging")
        try collection.apply(.addVariable(scope: nil, Variable(name: "shared", value: "1")))
        try collection.apply(.deleteVariable(scope: nil, index: 0))
        #expect(collection.variables.map(\.name) == ["shared"])
    }

    @Test func aRefusedEditSaysWhyAndChangesNothing() throws {
        var collection = try sample()
        let before = collection
        func refused(_ edit: EnvironmentEdit) -> String? {
            do {
                try collection.apply(edit)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refused(.create(name: "local", kind: .live, baseURL: "x")) == "Sample already has an environment local")
        #expect(refused(.create(name: "  ", kind: .live, baseURL: "x")) == "A name is needed")
        #expect(refused(.delete("local")) == "local is the only environment: add another before deleting it")
        #expect(refused(.rename("nope", to: "x")) == "No environment nope in Sample")
        #expect(refused(.setBaseURL(environment: "local", " ")) == "A base URL is needed (http://host:port)")
        #expect(
            refused(.addVariable(scope: nil, Variable(name: "a b")))
                == "\"a b\" is not a variable name (\(VariableName.rule))")
        #expect(refused(.addVariable(scope: "local", Variable(name: "api"))) == "There is already a variable api here")
        #expect(refused(.deleteVariable(scope: nil, index: 5)) == "The variable is gone")
        #expect(collection == before)
    }

    @Test func changesAreSaidOneLinePerChangeWithoutSecretValues() throws {
        let saved = try sample()
        var collection = saved
        try collection.apply(.setBaseURL(environment: "local", "http://127.0.0.1:1"))
        try collection.apply(.addVariable(scope: nil, Variable(name: "token", value: "SECRET-VALUE", secret: true)))
        try collection.apply(.create(name: "staging", kind: .mock, baseURL: "http://m"))
        try collection.apply(.replaceVariable(scope: nil, index: 0, Variable(name: "userId", value: "8")))
        #expect(
            EnvironmentChanges.lines(from: saved, to: collection) == [
                "environment local: baseURL changed", "environment staging (mock) added",
                "variable userId: value changed", "variable token (secret) added",
            ])
        var renamed = saved
        try renamed.apply(.rename("local", to: "prod"))
        #expect(EnvironmentChanges.lines(from: saved, to: renamed) == ["environment local renamed to prod"])
        #expect(EnvironmentChanges.lines(from: saved, to: saved).isEmpty)
        // Renamed, then a new environment under the old name: the old one's variables are not
        // lost, and the lines say where they are.
        try renamed.apply(.create(name: "local", kind: .live, baseURL: "http://new"))
        let lines = EnvironmentChanges.lines(from: saved, to: renamed)
        #expect(lines.first == "environment prod (live) added, as local was saved")
        #expect(lines.contains("environment local: baseURL changed"))
    }

    @Test func theSaveKeepsSecretValuesOutOfTheFileAndMovesThemWithARename() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        let store = SecretStore(path: folder.path + "/config/lazer/secrets.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        let id = document.collection.id
        try document.collection.apply(
            .replaceVariable(
                scope: "local", index: 1, Variable(name: "token", value: "tok-SECRET-1", secret: true)))
        try document.collection.apply(.create(name: "other", kind: .live, baseURL: "http://o"))
        try document.collection.apply(
            .addVariable(scope: nil, Variable(name: "shared", value: "sh-SECRET-2", secret: true)))
        try CollectionStore.save(&document, secrets: store)
        #expect(try !folder.read("x.json").contains("SECRET"))
        #expect(try store.load().value(collection: id, environment: "local", name: "token") == "tok-SECRET-1")
        #expect(try store.load().value(collection: id, environment: nil, name: "shared") == "sh-SECRET-2")

        // A rename: the value is under the new name only.
        try document.collection.apply(.rename("local", to: "prod"))
        try CollectionStore.save(&document, secrets: store)
        #expect(try store.load().value(collection: id, environment: "prod", name: "token") == "tok-SECRET-1")
        #expect(try store.load().value(collection: id, environment: "local", name: "token") == nil)

        // A deletion, and a variable no longer secret: their values leave the secrets file.
        try document.collection.apply(.delete("prod"))
        try document.collection.apply(.replaceVariable(scope: nil, index: 1, Variable(name: "shared", value: "plain")))
        try CollectionStore.save(&document, secrets: store)
        #expect(try store.load().allValues.isEmpty)
        #expect(try !String(contentsOfFile: store.path, encoding: .utf8).contains(id))
    }
}
