import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// curl's `--ntlm` and `--negotiate` (issue 26) import as `ntlm` and `negotiate` auth and are
/// written back; `command` auth is exported as a `$(…)` the shell runs; a JWT is reported.
@Suite struct CurlAuthTypesTests {
    private func requests(_ text: String) throws -> [SavedRequest] {
        try CurlImport.requests(from: Fixtures.source(text, name: "paste")).requests
    }

    private func exported(_ auth: SavedAuth) -> ExportOutput {
        var collection = RequestCollection(id: "c", name: "C")
        collection.requests = [SavedRequest(id: "r", name: "R", method: .get, url: "https://intranet.example/x")]
        collection.requests[0].auth = auth
        return CurlExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/c.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0)),
                revealSecrets: true))
    }

    @Test func ntlmAndNegotiateImportAndExportBack() throws {
        let ntlm = SavedAuth(.ntlm(NTLMAuth(username: "ada", password: "pw", domain: "CORP")))
        #expect(try requests(#"curl --ntlm -u 'CORP\ada:pw' https://intranet.example/x"#)[0].auth == ntlm)
        #expect(
            try requests("curl --ntlm -u ada:pw https://intranet.example/x")[0].auth
                == SavedAuth(.ntlm(NTLMAuth(username: "ada", password: "pw"))))
        #expect(try requests("curl --negotiate -u : https://intranet.example/x")[0].auth == SavedAuth(.negotiate))
        for auth in [ntlm, SavedAuth(.negotiate)] {
            let text = String(decoding: exported(auth).bytes, as: UTF8.self)
            let command = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
            #expect(try requests(command)[0].auth == auth, "\(command)")
        }
    }

    @Test func aCommandAuthIsRunByTheShellAndAJWTIsReported() {
        let command = String(
            decoding: exported(SavedAuth(.command(CommandAuth(command: #"vault read -field=token "secret/$APP""#))))
                .bytes, as: UTF8.self)
        #expect(command.contains(#"-H "Authorization: Bearer $(vault read -field=token "secret/$APP")""#), "\(command)")
        let jwt = exported(SavedAuth(.jwt(JWTAuth(secret: "s"))))
        #expect(jwt.warnings.items.map(\.description) == ["R: a JWT signed at each send (left out)"])
    }
}
