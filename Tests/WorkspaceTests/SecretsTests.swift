import Foundation
import Testing
import Workspace

@Suite struct SecretsTests {
    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test func directoriesFollowXDG() {
        let custom = UserDirectories(environment: [
            "HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "/st",
        ])
        #expect(custom == UserDirectories(config: "/cfg/lazer", state: "/st/lazer"))
        let defaults = UserDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"])
        #expect(defaults == UserDirectories(config: "/home/u/.config/lazer", state: "/home/u/.local/state/lazer"))
        #expect(SecretStore(directories: custom).path == "/cfg/lazer/secrets.json")
    }

    @Test func secretsGoToTheSecretsFileNeverToTheCollection() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        let store = SecretStore(path: folder.path + "/config/lazer/secrets.json")
        var document = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        document.collection.updateEnvironment(named: "local") { $0.variables[1].value = "tok-SECRET-123" }
        try CollectionStore.save(&document, secrets: store)

        #expect(try !folder.read("x.json").contains("tok-SECRET-123"))
        #expect(try folder.read("x.json") == Fixtures.minimal)
        #expect(try permissions(store.path) == 0o600)
        #expect(try permissions(folder.path + "/config/lazer") == 0o700)
        let values = try store.load()
        #expect(
            values.value(collection: document.collection.id, environment: "local", name: "token") == "tok-SECRET-123")

        var reloaded = try #require(CollectionStore.load(path: folder.file("x.json")).document?.collection)
        #expect(reloaded.environment(named: "local")?.variables[1].value == "")
        values.apply(to: &reloaded)
        #expect(reloaded.environment(named: "local")?.variables[1].value == "tok-SECRET-123")
    }

    @Test("a secret's value in the collection file is a warning; an empty one holds nothing and is not")
    func secretValuesInTheFile() {
        func warnings(_ value: String) -> [String] {
            let text = """
                {"formatVersion": 1, "id": "c", "name": "C", "variables": [{"name": "k", "value": \(value), "secret": true}]}
                """
            return CollectionLoader.load(Array(text.utf8), file: "x").diagnostics.map(\.message)
        }
        #expect(
            warnings(#""s3cret""#) == [
                #"secret "k" has its value in the collection file; saving moves it to the secrets file"#
            ])
        #expect(warnings(#""""#).isEmpty)
    }

    @Test func theProcessEnvironmentWinsOverTheSecretsFile() throws {
        var values = SecretValues()
        var collection = try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x").collection)
        values.set("from-file", collection: collection.id, environment: "local", name: "token")
        values.apply(to: &collection, processEnvironment: ["LAZER_VAR_token": "from-ci"])
        #expect(collection.environment(named: "local")?.variables[1].value == "from-ci")
    }

    @Test func aSecretsFileOthersCouldReadIsTightened() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"formatVersion": 1, "collections": {"c": {"variables": {"a": "b"}}}}"#, to: "secrets.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.file("secrets.json"))
        let values = try SecretStore(path: folder.file("secrets.json")).load()
        #expect(values.value(collection: "c", environment: nil, name: "a") == "b")
        #expect(try permissions(folder.file("secrets.json")) == 0o600)
    }

    @Test func theRedactorMasksEveryFormOfASecret() {
        let redactor = Redactor(secrets: ["s3cr&t\"x", "ab"])
        #expect(redactor.redact("a=s3cr&t\"x") == "a=••••••")
        #expect(redactor.redact("q=s3cr%26t%22x") == "q=••••••")
        #expect(redactor.redact(#"{"p":"s3cr&t\"x"}"#) == #"{"p":"••••••"}"#)
        #expect(redactor.redact("ab stays: too short to redact") == "ab stays: too short to redact")
        #expect(redactor.redactHeader(name: "AUTHORIZATION", value: "Bearer anything") == "••••••")
        #expect(redactor.redactHeader(name: "proxy-Authorization", value: "Basic anything") == "••••••")
        #expect(redactor.redactHeader(name: "X-Authorization", value: "s3cr&t\"x, plain") == "••••••, plain")
        #expect(Redactor.masked("value") == "••••••")
    }

    /// A signature is masked as written beside the secrets (one per signed request); the longer
    /// of two values that match at one place is masked whole, whichever list it is in, and adding
    /// secrets later keeps the values added before.
    @Test func verbatimValuesAreMaskedBesideTheSecrets() {
        let signature = "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7"
        let base = Redactor(secrets: ["hunter22"])
        let signed = base.adding(verbatim: [signature])
        #expect(base.redact("sig=\(signature)") == "sig=\(signature)", "the redactor it came from is unchanged")
        #expect(signed.redact("sig=\(signature)&pw=hunter22") == "sig=••••••&pw=••••••")
        #expect(signed.redact(#"{"Signature":"\#(signature)"}"#) == #"{"Signature":"••••••"}"#)
        #expect(signed.adding(verbatim: [signature]).redact("x \(signature)") == "x ••••••", "added once")
        #expect(Redactor.none.adding(verbatim: ["ab"]).isEmpty, "too short to mask")
        // A verbatim value that holds a secret, and a secret that holds a verbatim value: masked whole.
        let holding = base.adding(verbatim: ["hunter22-and-more"])
        #expect(holding.redact("hunter22-and-more!") == "••••••!")
        let inside = Redactor(secrets: ["prefix-abc123-suffix"]).adding(verbatim: ["abc123"])
        #expect(inside.redact("prefix-abc123-suffix abc123") == "•••••• ••••••")
        // Secrets added afterwards (a capture) keep the verbatim values.
        let later = signed.adding(["captured-token"])
        #expect(later.redact("\(signature) captured-token") == "•••••• ••••••")
    }
}
