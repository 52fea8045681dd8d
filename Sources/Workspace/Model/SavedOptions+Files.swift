import Foundation

extension SavedOptions {
    /// The files a collection's options name (CA file, client certificate, client key) that are
    /// not there, and client certificate settings that cannot work, for `lazer validate`:
    /// "options.caFile: no such file certs/ca.pem" for the collection's, "request \"Login\":
    /// options.clientKey: …" for a request's. A path with `{{variables}}` is known only at send
    /// time and is not checked.
    package static func fileProblems(in document: CollectionDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        func problems(_ options: SavedOptions) -> [String] {
            let files = [
                ("caFile", options.caFile), ("clientCertificate", options.clientCertificate),
                ("clientKey", options.clientKey),
            ]
            let missing = files.compactMap { name, path -> String? in
                guard let path, !path.isEmpty, !path.contains("{{") else { return nil }
                return WebSocketSettings.fileProblem(path, folder: folder).map { "options.\(name): " + $0 }
            }
            return missing + clientCertificateProblems(options).map(\.description)
        }
        var found = problems(document.collection.options)
        document.collection.forEachRequest { _, request in
            // Most requests set no options (the default, nothing stored): nothing to look at.
            guard !request.$options.isDefault else { return }
            let name = request.name
            found += problems(request.options).map { "request \"\(name)\": \($0)" }
        }
        return found
    }

    /// Client certificate settings that cannot be sent: a key or a passphrase without a
    /// certificate, and a passphrase written out instead of as a `{{variable}}` (it would sit in
    /// the collection file, its drafts and its exports). The passphrase is never quoted.
    package static func clientCertificateProblems(_ options: SavedOptions) -> [VariableProblem] {
        var problems: [VariableProblem] = []
        let hasCertificate = !(options.clientCertificate ?? "").isEmpty
        if let key = options.clientKey, !key.isEmpty, !hasCertificate {
            problems.append(
                VariableProblem(
                    kind: .malformed(key, reason: "a client key needs options.clientCertificate"),
                    location: "options.clientKey"))
        }
        if let passphrase = options.clientKeyPassphrase, !passphrase.isEmpty {
            if !DraftSecrets.isOnlyReferences(passphrase) {
                problems.append(
                    VariableProblem(
                        kind: .malformed(
                            Redactor.mask,
                            reason: "write a {{variable}} (a secret variable) here, never the passphrase itself"),
                        location: "options.clientKeyPassphrase"))
            } else if !hasCertificate {
                problems.append(
                    VariableProblem(
                        kind: .malformed(passphrase, reason: "a key passphrase needs options.clientCertificate"),
                        location: "options.clientKeyPassphrase"))
            }
        }
        return problems
    }
}
