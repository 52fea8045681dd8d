import Foundation
import HTTPCore
import Interop
import LoopbackTesting
import Testing
import Workspace

/// Copy as curl and `lazer export --format curl` write a secret variable's value as the shell
/// variable `$LAZER_VAR_<name>`: pasted into bash with the variable set, the command sends the
/// real value (a masked `••••••` sent a 401); a secret with no value is named in a warning.
@Suite struct CurlSecretVariablesTests {
    static let folder = NSTemporaryDirectory()

    static func document(port: Int, token: String = "s3cret-t0ken") -> CollectionDocument {
        let requests = [
            SavedRequest(
                id: "bearer", name: "Bearer", method: .post, url: "/echo",
                headers: [KeyValueRow(name: "X-Key", value: "k={{api.key}};")],
                body: SavedBody(.jsonText(#"{"password": "{{api.key}}", "who": "ada's"}"#)),
                auth: SavedAuth(.bearer(token: "{{token}}")))
        ]
        let collection = RequestCollection(
            id: "secrets", name: "Secrets",
            variables: [
                Variable(name: "token", value: token, secret: true),
                Variable(name: "api.key", value: "k3y$value", secret: true),
            ],
            requests: requests,
            environments: [Environment(name: "local", baseURL: "http://127.0.0.1:\(port)")])
        return CollectionDocument(path: folder + "/secrets.json", collection: collection, fingerprint: .missing)
    }

    @Test("masked: secrets become $LAZER_VAR_ shell variables; with them set in bash the echo server sees the values")
    func maskedCommandSendsTheRealValuesOnceSet() throws {
        let server = try LoopbackServer.shared()
        let document = Self.document(port: server.port)
        let input = ExportInput(
            document: document, selection: document.collection.allRequests,
            environment: document.collection.environments[0])
        let output = CurlExport.output(input)
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains(#"-H "Authorization: Bearer $LAZER_VAR_token""#), "\(text)")
        #expect(text.contains(#"-H "X-Key: k=$LAZER_VAR_api_key;""#), "\(text)")
        #expect(text.contains(#"'{"password": "'"$LAZER_VAR_api_key"'", "who": "ada'\''s"}'"#), "\(text)")
        #expect(text.contains("# secrets as shell variables: set LAZER_VAR_api_key, LAZER_VAR_token first"), "\(text)")
        #expect(!text.contains("s3cret-t0ken") && !text.contains("k3y$value"))
        #expect(output.warnings.isEmpty)
        let command = text.split(separator: "\n").drop { !$0.hasPrefix("curl") }.joined(separator: "\n")
        let echoed = try EchoExchange.runCurl(
            command, in: Self.folder,
            environment: ["LAZER_VAR_token": "s3cret-t0ken", "LAZER_VAR_api_key": "k3y$value"])
        let request = try EchoedRequest(json: echoed, keeping: [])
        #expect(request.headers["authorization"] == ["Bearer s3cret-t0ken"], "\(request)")
        #expect(request.headers["x-key"] == ["k=k3y$value;"], "\(request)")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"password": "k3y$value", "who": "ada's"}"#)
    }

    @Test("revealed: values written as they are; a secret without a value is warned about, naming it")
    func revealedAndEmptySecrets() throws {
        let document = Self.document(port: 1, token: "")
        let input = ExportInput(
            document: document, selection: document.collection.allRequests,
            environment: document.collection.environments[0], revealSecrets: true)
        let output = CurlExport.output(input)
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("'Authorization: Bearer '"))
        #expect(text.contains("k3y$value"))
        #expect(text.contains("# no value: the secret {{token}} is empty (set it, or $LAZER_VAR_token)"), "\(text)")
        #expect(
            output.warnings.items.map(\.description) == [
                "Bearer: the secret {{token}} has no value (written as nothing; set it in the explorer (F4) or as $LAZER_VAR_token)"
            ])
    }

    @Test("shell variable names: dots and dashes become underscores; a name followed by a word character is braced")
    func shellVariableNames() {
        #expect(CurlSecretWords.shellVariable(for: "api.key-2") == "LAZER_VAR_api_key_2")
        let scope = VariableScope(collection: [Variable(name: "t", value: "abc", secret: true)])
        let request = RequestResolver(scope: scope, baseFolder: "/")
            .resolve(SavedRequest(name: "r", url: "https://a.test/{{t}}")).request
        #expect(request.secretNames == ["abc": "t"])
        var words = CurlSecretWords(request: request, redactor: Redactor(secrets: ["abc"]), reveal: false)
        #expect(words.word("xabcy") == #""x${LAZER_VAR_t}y""#)
        #expect(words.word("abc-") == #""$LAZER_VAR_t-""#)
        #expect(words.word("$abc") == #"'$'"$LAZER_VAR_t""#)
        #expect(words.word("plain") == "'plain'")
        #expect(words.variables == ["LAZER_VAR_t"])
    }
}
