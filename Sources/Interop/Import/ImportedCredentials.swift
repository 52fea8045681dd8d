import Foundation
import HTTPCore
import Workspace

/// An import keeps no credential in clear (a `curl -u user:pass`, a Postman bearer token typed as
/// itself): each becomes a secret collection variable — its value goes to the secrets file when
/// the collection is written, never into it — and the field names the variable, as the explorer
/// does with a credential typed into the Auth tab. The same value is one variable. For a
/// collection written to a file (`lazer import … --into FILE`), whose secrets have a place to go.
package enum ImportedCredentials {
    /// - Parameter taken: names already used where the collection goes (a collection it is merged
    ///   into keeps its own variables, so a secret named like one of them lost its value and the
    ///   request sent the other's).
    package static func keepAsSecrets(in result: inout ImportResult, file: String, taken: Set<String> = []) {
        keepAsSecrets(&result.collection, report: &result.report, file: file, taken: taken)
    }

    static func keepAsSecrets(
        _ collection: inout RequestCollection, report: inout ImportReport, file: String, taken used: Set<String> = []
    ) {
        var taken = used.union(
            collection.variables.map(\.name) + collection.environments.flatMap { $0.variables.map(\.name) })
        var added: [Variable] = []
        var named: [String: String] = [:]
        // The secret holding `value` (one per value), named from `base`; reported for `what`.
        func secretReference(to value: String, base: String, for what: String) -> String {
            // A value an export masked (Lazer's own HAR, curl): not the credential, which was never
            // written — an empty secret of its own to set (one per place, not one per mask).
            if value.contains(Redactor.mask) {
                let name = freeName(base, taken: taken)
                taken.insert(name)
                added.append(Variable(name: name, value: "", secret: true))
                report.add(
                    "\(what), masked in the source (\(Redactor.mask))", at: ImportLocation(file: file),
                    kept: "as the empty secret {{\(name)}}: set its value (the explorer's F4, or LAZER_VAR_\(name))")
                return "{{\(name)}}"
            }
            let name = named[value] ?? freeName(base, taken: taken)
            if named[value] == nil {
                named[value] = name
                taken.insert(name)
                added.append(Variable(name: name, value: value, secret: true))
            }
            report.add(
                "\(what), written as itself", at: ImportLocation(file: file),
                kept: "kept as the secret {{\(name)}}: its value is in the secrets file, not in the collection")
            return "{{\(name)}}"
        }
        func secret(_ auth: SavedAuth?, owner: String) -> SavedAuth? {
            guard var auth else { return nil }
            if let credential = auth.scheme.credential, DraftSecrets.isWrittenAsItself(credential.text) {
                auth.scheme = auth.scheme.replacingCredential(
                    with: secretReference(
                        to: credential.text, base: credential.secretName, for: "\(owner)'s credential"))
            }
            // An OAuth client secret or password, an AWS session token: secrets as much as the credential.
            for (index, other) in auth.scheme.otherCredentials.enumerated()
            where !other.text.isEmpty && DraftSecrets.isWrittenAsItself(other.text) {
                auth.scheme = auth.scheme.replacingOtherCredential(
                    at: index,
                    with: secretReference(to: other.text, base: other.secretName, for: "\(owner)'s \(other.secretName)")
                )
            }
            return auth
        }
        // A credential header (`Authorization`, `Cookie`, `X-API-Key`…) written as itself too.
        func secretHeaders(_ request: inout SavedRequest) {
            for index in request.headers.indices {
                let header = request.headers[index]
                guard HTTPHeaders.sensitiveNames.contains(header.name.lowercased()),
                    DraftSecrets.isHeaderWrittenAsItself(header.value)
                else { continue }
                let base = header.name.lowercased().split(separator: "-").enumerated().map { offset, word in
                    offset == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
                }.joined()
                request.headers[index].value = secretReference(
                    to: header.value, base: base, for: "request \"\(request.name)\"'s \(header.name) header")
            }
        }
        // A password in the URL (`http://user:pass@host/`, Postman, HAR and .http keep it there):
        // a secret too, the URL naming it. Its text is kept as written (percent-encoded).
        func secretUserInfo(_ request: inout SavedRequest) {
            let url = request.url
            guard let range = URLUserInfo.passwordRange(in: url), DraftSecrets.isWrittenAsItself(String(url[range]))
            else { return }
            let reference = secretReference(
                to: String(url[range]), base: "password", for: "request \"\(request.name)\"'s password in its URL")
            request.url = url.replacingCharacters(in: range, with: reference)
        }
        func visit(_ requests: inout [SavedRequest]) {
            for index in requests.indices {
                secretUserInfo(&requests[index])
                if let auth = secret(requests[index].auth, owner: "request \"\(requests[index].name)\"") {
                    requests[index].auth = auth
                }
                secretHeaders(&requests[index])
            }
        }
        func visit(_ folder: inout Folder) {
            folder.auth = secret(folder.auth, owner: "folder \"\(folder.name)\"")
            visit(&folder.requests)
            for index in folder.folders.indices { visit(&folder.folders[index]) }
        }
        collection.auth = secret(collection.auth, owner: "the collection")
        visit(&collection.requests)
        for index in collection.folders.indices { visit(&collection.folders[index]) }
        collection.variables += added
    }

    /// `base`, `base2`, … : the first name not `taken` (by the collection's or an environment's variables).
    private static func freeName(_ base: String, taken: Set<String>) -> String {
        var number = 1
        while true {
            let name = number == 1 ? base : "\(base)\(number)"
            if !taken.contains(name) { return name }
            number += 1
        }
    }
}
