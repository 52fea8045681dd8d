import Foundation
import Testing

/// `lazer import` and `lazer export` as a user runs them: files and stdin, the default target,
/// never replacing a file without `--force`, merging only with `--merge`, the report of what was
/// not carried (printed through TerminalText), byte-stable output, exports and their masking.
@Suite("lazer import / export")
struct InteropCommandTests {
    /// A fresh working folder.
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-interop-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test("a pasted curl command on stdin becomes a collection in Collections/, byte-stable")
    func curlFromStandardInput() throws {
        let work = try folder()
        let command =
            "curl -X POST https://api.test/users -H 'Content-Type: application/json' -d '{\"a\": 1}' --capath ca"
        let first = try LazerBinary.run(
            ["import", "-", "--name", "Pasted"], stdin: Data(command.utf8), currentDirectory: work)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported 1 request as Collections/pasted.json\nNot carried (1):\n"))
        #expect(
            first.stdout.contains(
                "  stdin:1:87: curl option --capath ca: CA folders are not stored in collections (--cacert files are)"))
        let bytes = try read(work + "/Collections/pasted.json")
        let validate = try LazerBinary.run(["validate", "Collections/pasted.json"], currentDirectory: work)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        // The same input again: refused without --force, identical with it.
        let again = try LazerBinary.run(
            ["import", "-", "--name", "Pasted"], stdin: Data(command.utf8), currentDirectory: work)
        #expect(again.status == 1)
        #expect(
            again.stderr == "lazer import: Collections/pasted.json exists: --force replaces it, --merge adds to it\n")
        let forced = try LazerBinary.run(
            ["import", "-", "--name", "Pasted", "--force"], stdin: Data(command.utf8), currentDirectory: work)
        #expect(forced.status == 0)
        #expect(try read(work + "/Collections/pasted.json") == bytes)
    }

    /// `lazer ARGUMENTS` in `work`, its user folders there too (the secrets file at
    /// `work/config/lazer/secrets.json`).
    private func lazer(_ arguments: [String], in work: String, stdin: Data = Data()) throws -> LazerBinary.Output {
        let environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state"]) { $1 }
        return try LazerBinary.run(arguments, stdin: stdin, environment: environment, currentDirectory: work)
    }

    /// A new working folder with `source` written as `file`, imported into `target`: the folder and
    /// the import's output.
    private func importing(_ source: String, as file: String, into target: String) throws -> (
        work: String, output: LazerBinary.Output
    ) {
        let work = try folder()
        try write(source, work + "/" + file)
        return (work, try lazer(["import", file, "--into", target], in: work))
    }

    @Test("a credential written as itself is kept as a secret: the collection names it, the secrets file holds it")
    func importedCredentialsBecomeSecrets() throws {
        let work = try folder()
        let command =
            "curl -u 'My User:My:Secret:Password' http://127.0.0.1:9/a\n"
            + "curl -H 'Authorization: Bearer Tok-999-secret' http://127.0.0.1:9/b\n"
            + "curl -u 'Other:My:Secret:Password' http://127.0.0.1:9/c\n"
        let result = try lazer(["import", "-", "--into", "c.json"], in: work, stdin: Data(command.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("kept as the secret {{password}}"), "\(result.stdout)")
        let collection = try read(work + "/c.json")
        #expect(!collection.contains("My:Secret:Password") && !collection.contains("Tok-999"), "\(collection)")
        #expect(collection.contains("{{password}}"))
        let secrets = try read(work + "/config/lazer/secrets.json")
        #expect(secrets.contains("My:Secret:Password"))
        // The same value is one secret; the run sends it.
        #expect(!collection.contains("password2"))
        let exported = try lazer(["export", "c.json", "--format", "http"], in: work)
        #expect(!exported.stdout.contains("My:Secret:Password"), "\(exported.stdout)")
        // A header that names its credential by reference after its scheme word (as Postman writes
        // bearer auth) is no credential written as itself.
        let referenced = try lazer(
            ["import", "-", "--into", "r.json"], in: work,
            stdin: Data("curl -H 'Authorization: Bearer {{token}}' http://127.0.0.1:9/r\n".utf8))
        #expect(referenced.status == 0, "\(referenced.stderr)")
        #expect(!referenced.stdout.contains("written as itself"), "\(referenced.stdout)")
        #expect(try read(work + "/r.json").contains("Bearer {{token}}"))
    }

    /// Merged into a collection that has a `password` secret already, an imported credential takes
    /// a name of its own: it took the same one, its value was dropped with the duplicate, and the
    /// merged request sent the other request's password.
    @Test("a credential merged into a collection gets a secret of its own")
    func mergedCredentialsKeepTheirOwnSecret() throws {
        let work = try folder()
        for (name, user) in [("a", "alice:ALICEPASS"), ("b", "bob:BOBPASS")] {
            try write("curl -u \(user) http://127.0.0.1:9/\(name)\n", work + "/\(name).sh")
        }
        let first = try lazer(["import", "a.sh", "--into", "m.json"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let merged = try lazer(["import", "b.sh", "--into", "m.json", "--merge"], in: work)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("kept as the secret {{password2}}"), "\(merged.stdout)")
        let collection = try read(work + "/m.json")
        #expect(collection.contains("{{password}}") && collection.contains("{{password2}}"), "\(collection)")
        let secrets = try read(work + "/config/lazer/secrets.json")
        #expect(secrets.contains("ALICEPASS") && secrets.contains("BOBPASS"), "\(secrets)")
    }

    /// Four things an import–export round trip said wrong: a .json export beside collections (read
    /// back as a broken one, now said), a `{{$name}}` Lazer does not know "computed once" by k6, a merge that
    /// counted an environment it did not add, and `baseUrl` written twice (the second `{{baseUrl}}`,
    /// a loop once imported again).
    @Test("exports and merges say what they did, and write what reads back")
    func roundTripMends() throws {
        let work = try folder()
        try FileManager.default.createDirectory(atPath: work + "/Collections", withIntermediateDirectories: true)
        try write(
            #"{"formatVersion": 1, "id": "x", "name": "X", "requests": [{"id": "r", "name": "R", "method": "GET", "url": "http://127.0.0.1:9/x", "headers": [{"name": "X-T", "value": "{{$aadToken}}"}]}]}"#,
            work + "/Collections/x.json")
        let beside = try LazerBinary.run(
            ["export", "Collections/x.json", "--format", "postman", "-o", "Collections/x-postman.json"],
            currentDirectory: work)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stderr.contains("read it as a (broken) collection"), "\(beside.stderr)")
        // Named as Postman's, it is no collection to a folder of them: no warning, and the folder
        // stays valid.
        try FileManager.default.removeItem(atPath: work + "/Collections/x-postman.json")
        let named = try LazerBinary.run(
            ["export", "Collections/x.json", "--format", "postman", "-o", "Collections/x.postman_collection.json"],
            currentDirectory: work)
        #expect(named.status == 0 && !named.stderr.contains("warning"), "\(named.stderr)")
        let valid = try LazerBinary.run(["validate", "Collections"], currentDirectory: work)
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        let k6 = try LazerBinary.run(["export", "Collections/x.json", "--format", "k6"], currentDirectory: work)
        #expect(k6.stderr.contains("is not a dynamic value"), "\(k6.stderr)")
        #expect(!k6.stderr.contains("computed once at export"), "\(k6.stderr)")

        try write(
            """
            {"info": {"name": "B", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "r", "request": {"method": "GET", "url": "{{baseUrl}}/r"}}]}
            """, work + "/b.postman_collection.json")
        try write(
            #"{"name": "prod", "values": [{"key": "baseUrl", "value": "http://127.0.0.1:9", "enabled": true}]}"#,
            work + "/prod.postman_environment.json")
        let imported = try LazerBinary.run(
            ["import", "b.postman_collection.json", "--env-from", "prod.postman_environment.json", "--into", "b.json"],
            currentDirectory: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        let postman = try LazerBinary.run(["export", "b.json", "--format", "postman"], currentDirectory: work)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(postman.stdout.utf8)) as? [String: Any])
        let keys = (object["variable"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(keys.filter { $0 == "baseUrl" }.count == 1, "\(keys)")

        let merged = try LazerBinary.run(
            [
                "import", "b.postman_collection.json", "--env-from", "prod.postman_environment.json", "--into",
                "b.json",
                "--merge",
            ],
            currentDirectory: work)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!merged.stdout.contains("environment,") && !merged.stdout.contains("1 environment"), "\(merged.stdout)")
        #expect(
            merged.stdout.contains(#"The environment "prod" was there already: kept as it was"#), "\(merged.stdout)")
    }

    /// The curl and .http exports cannot carry a token fetched or a signature made at each send:
    /// they say so in the file and on stderr (the curl export dropped both without a word).
    @Test("curl and .http exports say what oauth2 and aws-sigv4 auth they leave out")
    func exportsSayWhatAuthTheyLeaveOut() throws {
        let work = try folder()
        try write(
            """
            {"formatVersion": 1, "id": "auths", "name": "Auths",
             "requests": [
               {"id": "o", "name": "OAuth", "method": "GET", "url": "http://127.0.0.1:9/o",
                "auth": {"type": "oauth2", "grant": "client_credentials", "tokenUrl": "http://127.0.0.1:9/token",
                         "clientId": "app"}},
               {"id": "a", "name": "AWS", "method": "GET", "url": "http://127.0.0.1:9/a",
                "auth": {"type": "aws-sigv4", "accessKeyId": "AK", "secretAccessKey": "{{awsSecret}}",
                         "region": "eu-west-1", "service": "execute-api"}}]}
            """, work + "/auths.json")
        let curl = try LazerBinary.run(["export", "auths.json", "--format", "curl"], currentDirectory: work)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdout.contains("# the oauth2 token (client_credentials) is fetched at each send: left out"))
        #expect(curl.stdout.contains("# the AWS SigV4 signature (eu-west-1/execute-api) is made at each send"))
        #expect(
            curl.stderr.contains("OAuth 2.0 token") && curl.stderr.contains("AWS SigV4 signature"), "\(curl.stderr)")
        let http = try LazerBinary.run(["export", "auths.json", "--format", "http"], currentDirectory: work)
        #expect(http.status == 0, "\(http.stderr)")
        #expect(http.stderr.contains("oauth2 auth") && http.stderr.contains("aws-sigv4 auth"), "\(http.stderr)")
    }

    /// A secret whose value is also a variable's name (`password`, Postman Echo's own) is masked in
    /// text but not inside `{{…}}` references: the Postman and k6 exports wrote `{{••••••}}`, a
    /// variable that does not exist.
    @Test("exports mask a secret's value but leave {{references}} as they are")
    func exportsLeaveReferencesAlone() throws {
        let (work, imported) = try importing(
            "curl -u alice:password -H 'X-Note: password reset' http://127.0.0.1:9/login\n", as: "pw.sh",
            into: "pw.json")
        #expect(imported.status == 0, "\(imported.stderr)")
        for format in ["postman", "k6"] {
            let exported = try lazer(["export", "pw.json", "--format", format], in: work)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(
                !exported.stdout.contains("{{••••••}}") && !exported.stdout.contains("{{\\u2022"), "\(exported.stdout)")
        }
        let postman = try lazer(["export", "pw.json", "--format", "postman"], in: work)
        #expect(
            postman.stdout.contains(#""value" : "{{password}}""#)
                || postman.stdout.contains(#""value": "{{password}}""#), "\(postman.stdout)")
    }

    /// Importing the same file again after its credential changed: the secret takes the new value
    /// and says so (it said "1 unchanged" and the old password stayed in the secrets file).
    @Test("a credential changed in the source reaches the secret on the next import")
    func aChangedCredentialIsUpdated() throws {
        let (work, first) = try importing(
            "curl -u alice:OLDPASS http://127.0.0.1:9/a\n", as: "api.sh", into: "api.json")
        #expect(first.status == 0, "\(first.stderr)")
        try write("curl -u alice:NEWPASS http://127.0.0.1:9/a\n", work + "/api.sh")
        let again = try lazer(["import", "api.sh", "--into", "api.json"], in: work)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("The secret {{password}} takes the source's new value"), "\(again.stdout)")
        let secrets = try read(work + "/config/lazer/secrets.json")
        #expect(secrets.contains("NEWPASS") && !secrets.contains("OLDPASS"), "\(secrets)")
        let same = try lazer(["import", "api.sh", "--into", "api.json"], in: work)
        #expect(!same.stdout.contains("takes the source's new value"), "\(same.stdout)")
    }

    /// A deep collection's Postman export imports again: the exporter nests a few levels more
    /// than the folders (a request's URL object), and the reader refused past 200.
    @Test("a deeply nested collection's Postman export imports again")
    func deepCollectionsRoundTrip() throws {
        let work = try folder()
        var folder =
            #"{"id": "f120", "name": "F120", "requests": [{"id": "r", "name": "R", "method": "GET", "url": "http://127.0.0.1:9/r?q=1"}]}"#
        for depth in stride(from: 119, through: 1, by: -1) {
            folder = #"{"id": "f\#(depth)", "name": "F\#(depth)", "folders": [\#(folder)]}"#
        }
        try write(#"{"formatVersion": 1, "id": "deep", "name": "Deep", "folders": [\#(folder)]}"#, work + "/deep.json")
        let exported = try LazerBinary.run(
            ["export", "deep.json", "--format", "postman", "-o", "deep.postman_collection.json"], currentDirectory: work
        )
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try LazerBinary.run(
            ["import", "deep.postman_collection.json", "--into", "deep-again.json"], currentDirectory: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("1 request, 120 folders"), "\(imported.stdout)")
    }

    /// A HAR that Lazer (or another tool) wrote with its credentials masked: the mask is no
    /// credential — it was kept as the secret's value, two headers folded into one variable, and
    /// the report said "written as itself".
    @Test("a masked credential imports as an empty secret of its own, said as masked")
    func maskedCredentialsAreNotKept() throws {
        let (work, imported) = try importing(
            """
            {"log": {"version": "1.2", "creator": {"name": "lazer", "version": "1"}, "entries": [
              {"startedDateTime": "2026-12-06T10:00:00.000Z", "time": 1,
               "request": {"method": "GET", "url": "http://127.0.0.1:9/h", "httpVersion": "HTTP/1.1",
                           "headers": [{"name": "Authorization", "value": "••••••"}, {"name": "X-Api-Key", "value": "••••••"}],
                           "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                            "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
               "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """, as: "h.har", into: "h.json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("masked in the source"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("written as itself"), "\(imported.stdout)")
        let collection = try read(work + "/h.json")
        #expect(collection.contains("{{authorization}}") && collection.contains("{{xApiKey}}"), "\(collection)")
        let secrets = (try? read(work + "/config/lazer/secrets.json")) ?? ""
        #expect(!secrets.contains("••••••"), "\(secrets)")
    }

    /// A password in a URL (`http://bob:pass@host/`, as Postman, HAR and .http files keep it) is a
    /// secret like any credential: it stayed in clear in the collection, then in history and exports.
    @Test("a password in an imported URL becomes a secret the URL names")
    func urlPasswordsBecomeSecrets() throws {
        let (work, imported) = try importing(
            "GET http://bob:URL%40PASS-77@127.0.0.1:9/x\n", as: "up.http", into: "up.json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("password in its URL"), "\(imported.stdout)")
        let collection = try read(work + "/up.json")
        #expect(!collection.contains("PASS-77") && collection.contains("bob:{{password}}@"), "\(collection)")
        #expect(try read(work + "/config/lazer/secrets.json").contains("URL%40PASS-77"))
        // Resolved, the URL is as it was written.
        let revealed = try lazer(["export", "up.json", "--format", "curl", "--reveal-secrets"], in: work)
        #expect(revealed.stdout.contains("http://bob:URL%40PASS-77@127.0.0.1:9/x"), "\(revealed.stdout)")
    }

    /// The OAuth client secret, a password grant's password and an AWS session token are secrets as
    /// much as the credential: an import kept them in clear in the collection while it moved the rest.
    @Test("an OAuth client secret and password and an AWS session token become secrets on import")
    func oauthAndAWSSecretsBecomeSecrets() throws {
        let work = try folder()
        try write(
            """
            {"info": {"name": "Auths", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "auth": {"type": "oauth2", "oauth2": [
               {"key": "grant_type", "value": "password_credentials"}, {"key": "accessTokenUrl", "value": "http://127.0.0.1:9/token"},
               {"key": "clientId", "value": "app"}, {"key": "clientSecret", "value": "pm-SECRET-literal-999"},
               {"key": "username", "value": "ann"}, {"key": "password", "value": "pm-user-PASSWORD-555"}]},
             "item": [
               {"name": "aws", "request": {"method": "GET", "url": "http://127.0.0.1:9/aws", "auth": {"type": "awsv4", "awsv4": [
                 {"key": "accessKey", "value": "AK"}, {"key": "secretKey", "value": "{{awsSecret}}"},
                 {"key": "sessionToken", "value": "pm-aws-SESSION-333"}, {"key": "region", "value": "eu-west-1"},
                 {"key": "service", "value": "execute-api"}]}}},
               {"name": "plain", "request": {"method": "GET", "url": "http://127.0.0.1:9/plain"}}]}
            """, work + "/pm.json")
        let result = try lazer(["import", "pm.json", "--into", "c.json"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let collection = try read(work + "/c.json")
        for secret in ["pm-SECRET-literal-999", "pm-user-PASSWORD-555", "pm-aws-SESSION-333"] {
            #expect(!collection.contains(secret), "\(secret) in \(collection)")
        }
        #expect(collection.contains("{{clientSecret}}") && collection.contains("{{awsSessionToken}}"))
        #expect(result.stdout.contains("the collection's clientSecret, written as itself"), "\(result.stdout)")
        let secrets = try read(work + "/config/lazer/secrets.json")
        #expect(secrets.contains("pm-user-PASSWORD-555") && secrets.contains("pm-aws-SESSION-333"))
        let valid = try lazer(["validate", "c.json"], in: work)
        #expect(!valid.stdout.contains("written in the file") && !valid.stderr.contains("written in the file"))
    }

    @Test("--contract-ref names the OpenAPI file where it is as the contract; validate checks the reference")
    func contractReference() throws {
        let work = try folder()
        try FileManager.default.createDirectory(atPath: work + "/api", withIntermediateDirectories: true)
        try write(
            """
            openapi: 3.0.3
            info: {title: Pets, version: "1"}
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200": {description: pets}
            """, work + "/api/pets.yaml")
        let imported = try LazerBinary.run(["import", "api/pets.yaml", "--contract-ref"], currentDirectory: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try read(work + "/Collections/pets.json")
        #expect(
            text.contains(#""document" : "../api/pets.yaml""#) || text.contains(#""document": "../api/pets.yaml""#),
            "\(text)")
        #expect(!FileManager.default.fileExists(atPath: work + "/Collections/contracts"))
        let valid = try LazerBinary.run(["validate", "Collections/pets.json"], currentDirectory: work)
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        try FileManager.default.removeItem(atPath: work + "/api/pets.yaml")
        let broken = try LazerBinary.run(["validate", "Collections/pets.json"], currentDirectory: work)
        #expect(broken.status != 0)
        #expect((broken.stdout + broken.stderr).contains("../api/pets.yaml not found"), "\(broken.stderr)")
        let stdin = try LazerBinary.run(["import", "-", "--contract-ref"], stdin: Data(), currentDirectory: work)
        #expect(stdin.status == 2)
        #expect(stdin.stderr.contains("--contract-ref names one OpenAPI file as the contract: give one local file"))
    }

    @Test("--merge adds the imported requests to an existing collection and keeps what it had")
    func mergeIntoAnExistingCollection() throws {
        let work = try folder()
        try write("curl https://a.test/one", work + "/one.sh")
        try write("GET https://a.test/two\n###\nGET https://a.test/three\n", work + "/two.http")
        #expect(try LazerBinary.run(["import", "one.sh", "--into", "api.json"], currentDirectory: work).status == 0)
        let merged = try LazerBinary.run(
            ["import", "two.http", "--into", "api.json", "--merge"], currentDirectory: work)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "Imported 2 requests into api.json\n")
        let text = try read(work + "/api.json")
        for path in ["/one", "/two", "/three"] { #expect(text.contains("\"url\": \"https://a.test\(path)\"")) }
        #expect(FileManager.default.fileExists(atPath: work + "/.api.json.bak"))
        #expect(
            try LazerBinary.run(
                ["import", "one.sh", "--into", "api.json", "--merge", "--force"], currentDirectory: work
            ).status != 0)
    }

    @Test("several files make one collection with a folder each; --into - prints it")
    func severalFilesToStandardOutput() throws {
        let work = try folder()
        try write("curl https://a.test/one", work + "/one.sh")
        try write("@host = https://b.test\nGET {{host}}/two\n", work + "/two.http")
        let result = try LazerBinary.run(
            ["import", "one.sh", "two.http", "--into", "-", "--name", "Both"], currentDirectory: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"name\": \"Both\""))
        #expect(result.stdout.contains("\"name\": \"one\""))
        #expect(result.stdout.contains("\"name\": \"two\""))
        #expect(result.stdout.contains("\"name\": \"host\""))
        #expect(result.stderr == "Imported 2 requests, 2 folders\n")
    }

    @Test("a line not understood is reported where it is, the rest imported; hostile text prints visibly")
    func errorsAndHostileText() throws {
        let work = try folder()
        try write("GET https://a.test\nnot a header\n", work + "/bad.http")
        // Issue 35: an unknown line never fails the whole file.
        let bad = try LazerBinary.run(["import", "bad.http"], currentDirectory: work)
        #expect(bad.status == 0, "\(bad.stderr)")
        #expect(bad.stdout.contains("bad.http:2:1: line not understood"), "\(bad.stdout)")
        #expect(FileManager.default.fileExists(atPath: work + "/Collections/bad.json"))
        try write("curl --frob\u{1B}[2J https://a.test", work + "/evil.sh")
        let evil = try LazerBinary.run(["import", "evil.sh", "--into", "-"], currentDirectory: work)
        #expect(evil.status == 0)
        #expect(evil.stderr.contains("curl option --frob␛[2J (unknown)"))
        #expect(!SendCommandTests.hasRawControl(evil.stderr))
        let unknown = try LazerBinary.run(["import", "bad.http", "--format", "yaml"], currentDirectory: work)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--format yaml: expected auto, curl, postman, openapi, har, http"))
    }

    @Test("a HAR capture with no usable entry says so, writes nothing and exits 1")
    func harWithoutUsableEntries() throws {
        let work = try folder()
        try write(
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "wss://a.test/live"}}]}}"#,
            work + "/sockets.har")
        let result = try LazerBinary.run(["import", "sockets.har"], currentDirectory: work)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("lazer import: sockets.har:1:21: log.entries: no usable entries: its one entry "),
            "\(result.stderr)")
        #expect(result.stderr.contains("wss: request (only HTTP and HTTPS are sent)"))
        #expect(!FileManager.default.fileExists(atPath: work + "/Collections"))
    }

    @Test("--env-from adds environments from an http-client.env.json file")
    func environmentsFromAFile() throws {
        let work = try folder()
        try write("GET {{host}}/x\n", work + "/x.http")
        try write(
            "{\"dev\": {\"host\": \"http://localhost:1\"}, \"$shared\": {\"v\": \"1\"}}", work + "/http-client.env.json"
        )
        let result = try LazerBinary.run(
            ["import", "x.http", "--env-from", "http-client.env.json", "--into", "x.json"], currentDirectory: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 1 request, 1 environment as x.json\n")
        let text = try read(work + "/x.json")
        #expect(text.contains("\"defaultEnvironment\": \"dev\""))
        #expect(text.contains("\"value\": \"http://localhost:1\""))
    }

    /// A body or URL holding a secret's value (a cookie imported as a credential, `lang=en`) is
    /// masked in a curl export; the command then sends something else, so the export says so.
    @Test("export: a value masked because it holds a secret's value is said on stderr and in a comment")
    func maskedValuesAreSaid() throws {
        let work = try folder()
        try write(
            "curl http://127.0.0.1:9/a -b 'lang=en'\ncurl http://127.0.0.1:9/b -d 'lang=en&x=1'\n", work + "/cmds.sh")
        let environment = ["HOME": work, "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state"]
        let imported = try LazerBinary.run(
            ["import", "cmds.sh", "--into", "c.json"], environment: environment, currentDirectory: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        let export = try LazerBinary.run(
            ["export", "c.json", "--format", "curl"], environment: environment, currentDirectory: work)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("--data-raw '••••••&x=1'"), "\(export.stdout)")
        #expect(export.stdout.contains("# masked: a value here holds a secret's value"), "\(export.stdout)")
        #expect(export.stderr.contains("masked as ••••••; --reveal-secrets writes it as it is"), "\(export.stderr)")
        let revealed = try LazerBinary.run(
            ["export", "c.json", "--format", "curl", "--reveal-secrets"], environment: environment,
            currentDirectory: work)
        #expect(revealed.stdout.contains("lang=en&x=1") && !revealed.stdout.contains("# masked"), "\(revealed.stdout)")
    }

    @Test("export: curl resolved with secrets masked unless revealed, .http, a selection, files")
    func export() throws {
        let work = try folder()
        let collection = """
            {"formatVersion": 1, "id": "c1", "name": "Shop", "defaultEnvironment": "dev",
             "variables": [{"name": "token", "secret": true}],
             "environments": [{"name": "dev", "baseURL": "http://127.0.0.1:9"}],
             "folders": [{"name": "Items", "requests": [
               {"id": "r1", "name": "List", "method": "GET", "url": "/items",
                "headers": [{"name": "Authorization", "value": "Bearer {{token}}"}]},
               {"id": "r2", "name": "Add", "method": "POST", "url": "/items", "body": {"type": "json", "json": {"n": 1}}}]}]}
            """
        try write(collection, work + "/shop.json")
        let environment = ProcessInfo.processInfo.environment.merging([
            "LAZER_VAR_token": "s3cret-token", "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state",
        ]) { $1 }
        let masked = try LazerBinary.run(
            ["export", "shop.json", "--format", "curl", "--request", "Items/List"], environment: environment,
            currentDirectory: work)
        #expect(masked.status == 0, "\(masked.stderr)")
        #expect(
            masked.stdout
                == "# Items/List\n# secrets as shell variables: set LAZER_VAR_token first\ncurl 'http://127.0.0.1:9/items' \\\n  -H \"Authorization: Bearer $LAZER_VAR_token\" \\\n  --location \\\n  --compressed\n"
        )
        let revealed = try LazerBinary.run(
            ["export", "shop.json", "--format", "curl", "--request", "r1", "--reveal-secrets"],
            environment: environment,
            currentDirectory: work)
        #expect(revealed.stdout.contains("-H 'Authorization: Bearer s3cret-token'"))
        // A secret with no value is not written as nothing without a word.
        var unset = environment
        unset["LAZER_VAR_token"] = nil
        let empty = try LazerBinary.run(
            ["export", "shop.json", "--format", "curl", "--request", "r1", "--reveal-secrets"], environment: unset,
            currentDirectory: work)
        #expect(empty.status == 0)
        #expect(
            empty.stderr
                == "Warning: Items/List: the secret {{token}} has no value (written as nothing; set it in the explorer (F4) or as $LAZER_VAR_token)\n",
            "\(empty.stderr)")
        let http = try LazerBinary.run(
            ["export", "shop.json", "--format", "http", "-o", "shop.http"], environment: environment,
            currentDirectory: work)
        #expect(http.status == 0, "\(http.stderr)")
        let file = try read(work + "/shop.http")
        #expect(
            file.contains(
                "### Items/Add\nPOST {{baseURL}}/items\nContent-Type: application/json\n\n{\n  \"n\": 1\n}\n"
            ))
        #expect(!file.contains("s3cret-token"))
        let again = try LazerBinary.run(
            ["export", "shop.json", "--format", "http", "-o", "shop.http"], environment: environment,
            currentDirectory: work)
        #expect(again.status == 1)
        #expect(again.stderr == "lazer export: shop.http exists: --force replaces it\n")
        // A folder that does not exist: the message names the file asked for, not a hidden temporary one.
        let nowhere = try LazerBinary.run(
            ["export", "shop.json", "--format", "http", "-o", "missing/shop.http"], environment: environment,
            currentDirectory: work)
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr == "lazer export: could not write missing/shop.http: No such file or directory\n")
        let reimported = try LazerBinary.run(["import", "shop.http", "--into", "-"], currentDirectory: work)
        #expect(reimported.status == 0, "\(reimported.stderr)")
        #expect(reimported.stderr == "Imported 2 requests\n")
        let none = try LazerBinary.run(
            ["export", "shop.json", "--format", "curl", "--request", "nope"], currentDirectory: work)
        #expect(none.status == 1)
        #expect(
            none.stderr.hasPrefix("lazer export: --request nope: no request with this id, name or Folder/Name path"))
    }

    @Test(
        "export --environments writes Postman environment files; import --env-from reads them back, secrets to the store"
    )
    func postmanEnvironmentsRoundTrip() throws {
        let work = try folder()
        let collection = """
            {"formatVersion": 1, "id": "c1", "name": "Shop", "defaultEnvironment": "staging",
             "variables": [{"name": "version", "value": "v2"}],
             "environments": [
               {"name": "staging", "baseURL": "https://staging.test",
                "variables": [{"name": "region", "value": "eu"}, {"name": "token", "secret": true}]},
               {"name": "mock", "kind": "mock", "baseURL": "http://shop.mock"}],
             "requests": [
               {"id": "r1", "name": "List", "method": "GET", "url": "/items/{{version}}",
                "headers": [{"name": "Authorization", "value": "Bearer {{token}}"}],
                "expectations": [{"subject": "status", "op": "equals", "value": 200}],
                "retry": {"count": 2}},
               {"id": "r2", "name": "Purge", "method": "PURGE", "url": "/cache"}]}
            """
        try write(collection, work + "/shop.json")
        let environment = ProcessInfo.processInfo.environment.merging([
            "LAZER_VAR_token": "s3cret-token", "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state",
        ]) { $1 }
        let export = try LazerBinary.run(
            [
                "export", "shop.json", "--format", "postman", "-o", "shop.postman_collection.json", "--environments",
                "env",
            ],
            environment: environment, currentDirectory: work)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            export.stderr == """
                Wrote 1 Postman environment: env/staging.postman_environment.json
                Not carried (2):
                  environment mock: mock environment (Postman does not serve Lazer's mock routes) (left out)
                  List: retry policy (Postman does not retry) (left out)

                """)
        let file = try read(work + "/env/staging.postman_environment.json")
        #expect(!file.contains("s3cret-token"))
        #expect(file.contains("\"type\": \"secret\""))
        let again = try LazerBinary.run(
            ["export", "shop.json", "--format", "postman", "-o", "other.json", "--environments", "env"],
            environment: environment, currentDirectory: work)
        #expect(again.status == 1)
        #expect(again.stderr == "lazer export: env/staging.postman_environment.json exists: --force replaces it\n")
        let wrongFormat = try LazerBinary.run(
            ["export", "shop.json", "--format", "curl", "--environments", "env"], currentDirectory: work)
        #expect(wrongFormat.status != 0)
        #expect(wrongFormat.stderr.contains("--environments writes Postman environment files"))

        // Revealed, then imported: the secret goes to the secrets store, not the collection file.
        let revealed = try LazerBinary.run(
            [
                "export", "shop.json", "--format", "postman", "-o", "shop.postman_collection.json", "--environments",
                "env", "--reveal-secrets", "--force",
            ], environment: environment, currentDirectory: work)
        #expect(revealed.status == 0, "\(revealed.stderr)")
        let imported = try LazerBinary.run(
            [
                "import", "shop.postman_collection.json", "--env-from", "env/staging.postman_environment.json",
                "--into", "back.json",
            ], environment: environment, currentDirectory: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 2 requests, 1 environment as back.json\n"))
        let back = try read(work + "/back.json")
        #expect(!back.contains("s3cret-token"))
        #expect(back.contains("\"method\": \"PURGE\""))
        #expect(back.contains("\"url\": \"{{baseUrl}}/items/{{version}}\""))
        #expect(back.contains("\"value\": \"https://staging.test\""))
        #expect(back.contains("\"name\": \"version\",\n      \"value\": \"v2\""))
        #expect(back.contains("\"name\": \"region\",\n          \"value\": \"eu\""))
        #expect(try read(work + "/config/lazer/secrets.json").contains("s3cret-token"))
        let validated = try LazerBinary.run(["validate", "back.json"], currentDirectory: work)
        #expect(validated.status == 0, "\(validated.stderr)")
    }
}
